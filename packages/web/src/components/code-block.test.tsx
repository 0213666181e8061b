import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CodeBlock } from "./code-block";

describe("CodeBlock", () => {
  it("keeps its text preformatted and takes focus from the keyboard as a named region", async () => {
    render(<CodeBlock label="Sample payload">{'{\n  "type": "message.created"\n}'}</CodeBlock>);
    const block = screen.getByRole("region", { name: "Sample payload" });
    expect(block.tagName).toBe("PRE");
    expect(block.textContent).toBe('{\n  "type": "message.created"\n}');

    await userEvent.tab();
    expect(block).toHaveFocus();
  });
});
