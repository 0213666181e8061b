import { getContrastRatio } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { theme } from "./theme";

const statusColors = ["primary", "secondary", "info", "success", "warning", "error"] as const;

describe("theme colours", () => {
  it.each(statusColors)("a filled %s chip's text keeps 4.5:1 against the chip", (color) => {
    const { main, contrastText } = theme.palette[color];
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(statusColors)("an outlined %s chip's text keeps 4.5:1 on a card and on the page", (color) => {
    const { main } = theme.palette[color];
    expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(main, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
  });

  it("secondary text keeps 4.5:1 on the page", () => {
    expect(getContrastRatio(theme.palette.text.secondary, theme.palette.background.default)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
