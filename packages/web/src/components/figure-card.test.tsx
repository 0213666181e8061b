import { Box } from "@mui/material";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FigureCard } from "./figure-card";

describe("FigureCard", () => {
  it("puts each label and value in one wrapper directly under the description list", () => {
    const { container } = render(
      <Box component="dl">
        <FigureCard label="Messages" testId="messages">
          1,234
        </FigureCard>
        <FigureCard label="Senders">56</FigureCard>
      </Box>,
    );
    const list = container.querySelector("dl");
    const terms = [...container.querySelectorAll("dt")];
    expect(terms.map((term) => term.textContent)).toEqual(["Messages", "Senders"]);
    for (const term of terms) {
      const group = term.parentElement;
      expect(group?.parentElement).toBe(list);
      expect(group?.tagName).toBe("DIV");
      expect(term.nextElementSibling?.tagName).toBe("DD");
    }
    expect(screen.getByTestId("messages")).toHaveTextContent("1,234");
  });
});
