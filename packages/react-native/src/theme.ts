/** The colours and shapes the kit draws with. Pass some of them to the provider's `theme` to lay them over light. */
export interface ThemeTokens {
  scheme: "light" | "dark";
  background: string;
  surface: string;
  inputBackground: string;
  border: string;
  text: string;
  mutedText: string;
  accent: string;
  onAccent: string;
  accentSoft: string;
  danger: string;
  onDanger: string;
  online: string;
  mentionBackground: string;
  mentionText: string;
  notice: string;
  callBackground: string;
  callText: string;
  callButton: string;
  accept: string;
  radius: number;
  /** The base font size; text scales from it with the system's text size. */
  fontSize: number;
}

// Text colours keep WCAG AA contrast (4.5:1) on the surfaces they sit on, as the web kit's themes do.
export const lightTokens: ThemeTokens = {
  scheme: "light",
  background: "#f5f6f8",
  surface: "#ffffff",
  inputBackground: "#ffffff",
  border: "#e4e6eb",
  text: "#1c1f26",
  mutedText: "#5f6672",
  accent: "#4f46e5",
  onAccent: "#ffffff",
  accentSoft: "#eef0ff",
  danger: "#c0362c",
  onDanger: "#ffffff",
  online: "#16a34a",
  mentionBackground: "#fff4cc",
  mentionText: "#7a5200",
  notice: "#fff7e6",
  callBackground: "#111827",
  callText: "#f9fafb",
  callButton: "#374151",
  accept: "#15803d",
  radius: 10,
  fontSize: 16,
};

export const darkTokens: ThemeTokens = {
  scheme: "dark",
  background: "#0f1117",
  surface: "#181b23",
  inputBackground: "#11141b",
  border: "#2a2f3a",
  text: "#e8eaef",
  mutedText: "#a3aab8",
  accent: "#818cf8",
  onAccent: "#0f1117",
  accentSoft: "#23264a",
  danger: "#f87171",
  onDanger: "#0f1117",
  online: "#22c55e",
  mentionBackground: "#3d3210",
  mentionText: "#fcd97a",
  notice: "#3a2e12",
  callBackground: "#05070c",
  callText: "#f9fafb",
  callButton: "#374151",
  accept: "#22c55e",
  radius: 10,
  fontSize: 16,
};

/** `light` (the default), `dark`, or tokens of your own laid over the light ones. */
export type ParleyTheme = "light" | "dark" | Partial<ThemeTokens>;

export function resolveTheme(theme: ParleyTheme): ThemeTokens {
  if (theme === "light") return lightTokens;
  if (theme === "dark") return darkTokens;
  return { ...(theme.scheme === "dark" ? darkTokens : lightTokens), ...theme };
}

/** The kit's text field: a 44-point touch target with the theme's border, fill, text colour and size. */
export function textInputStyle(tokens: ThemeTokens) {
  return {
    minHeight: 44,
    paddingHorizontal: 12,
    paddingVertical: 8,
    borderRadius: tokens.radius,
    borderWidth: 1,
    borderColor: tokens.border,
    backgroundColor: tokens.inputBackground,
    color: tokens.text,
    fontSize: tokens.fontSize,
  };
}
