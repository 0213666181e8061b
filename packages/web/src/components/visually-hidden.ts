/** Hides text from sight but not from screen readers, e.g. the header of an actions column. */
export const visuallyHidden = {
  position: "absolute",
  // Strings on purpose: in `sx`, a bare 1 means 100%.
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
