import Button from "@mui/material/Button";
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";

it("keeps MUI's emotion styles out of the test document, where every style lookup would match them", () => {
  render(<Button sx={{ display: "none" }}>Hidden by a class</Button>);
  const button = screen.getByRole("button", { name: "Hidden by a class" });
  expect(document.querySelectorAll("style[data-emotion]")).toHaveLength(0);
  expect(button.className).toMatch(/css-/);
  // The class's rule exists, kept apart: the element's computed style no longer sees it.
  expect(getComputedStyle(button).display).not.toBe("none");
});
