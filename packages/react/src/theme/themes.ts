/** The CSS variables the kit's stylesheet reads; a theme sets them on the provider's root element. */
export const THEME_VARIABLES = [
  "--pk-font",
  "--pk-radius",
  "--pk-bg",
  "--pk-panel",
  "--pk-input-bg",
  "--pk-line",
  "--pk-text",
  "--pk-muted",
  "--pk-accent",
  "--pk-accent-strong",
  "--pk-accent-soft",
  "--pk-accent-line",
  "--pk-on-accent",
  "--pk-danger",
  "--pk-on-danger",
  "--pk-online",
  "--pk-online-text",
  "--pk-accept",
  "--pk-mention-bg",
  "--pk-mention-text",
  "--pk-highlight-bg",
  "--pk-highlight-line",
  "--pk-notice-bg",
  "--pk-notice-line",
  "--pk-neutral-button",
  "--pk-call-bg",
  "--pk-call-text",
  "--pk-call-button",
  "--pk-shadow",
] as const;
export type ThemeVariable = (typeof THEME_VARIABLES)[number];
export type ThemeVariables = Record<ThemeVariable, string>;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Apple SD Gothic Neo", "Noto Sans KR", sans-serif';

// Text colours keep WCAG AA contrast (4.5:1) on the surfaces they are used on: `muted` on `bg`, `panel` and
// `accent-soft`, `on-accent` on `accent`, `online-text` on `panel`, `call-text` on `call-bg` and `call-button`.
/** The light theme, the default. */
export const lightTheme: ThemeVariables = {
  "--pk-font": FONT,
  "--pk-radius": "10px",
  "--pk-bg": "#f5f6f8",
  "--pk-panel": "#ffffff",
  "--pk-input-bg": "#ffffff",
  "--pk-line": "#e4e6eb",
  "--pk-text": "#1c1f26",
  "--pk-muted": "#5f6672",
  "--pk-accent": "#4f46e5",
  "--pk-accent-strong": "#4338ca",
  "--pk-accent-soft": "#eef0ff",
  "--pk-accent-line": "#c7ccff",
  "--pk-on-accent": "#ffffff",
  "--pk-danger": "#c0362c",
  "--pk-on-danger": "#ffffff",
  "--pk-online": "#16a34a",
  "--pk-online-text": "#15803d",
  "--pk-accept": "#15803d",
  "--pk-mention-bg": "#fff4cc",
  "--pk-mention-text": "#7a5200",
  "--pk-highlight-bg": "#fffbea",
  "--pk-highlight-line": "#f0c94d",
  "--pk-notice-bg": "#fff7e6",
  "--pk-notice-line": "#f5d48c",
  "--pk-neutral-button": "#eef0f4",
  "--pk-call-bg": "#111827",
  "--pk-call-text": "#f9fafb",
  "--pk-call-button": "#374151",
  "--pk-shadow": "rgb(15 23 42 / 12%)",
};

/** The dark theme. */
export const darkTheme: ThemeVariables = {
  "--pk-font": FONT,
  "--pk-radius": "10px",
  "--pk-bg": "#0f1117",
  "--pk-panel": "#181b23",
  "--pk-input-bg": "#11141b",
  "--pk-line": "#2a2f3a",
  "--pk-text": "#e7e9ee",
  "--pk-muted": "#9aa1ad",
  "--pk-accent": "#818cf8",
  "--pk-accent-strong": "#a5b4fc",
  "--pk-accent-soft": "#272b4a",
  "--pk-accent-line": "#3f4690",
  "--pk-on-accent": "#0f1117",
  "--pk-danger": "#f87171",
  "--pk-on-danger": "#0f1117",
  "--pk-online": "#22c55e",
  "--pk-online-text": "#4ade80",
  "--pk-accept": "#4ade80",
  "--pk-mention-bg": "#4a3b0b",
  "--pk-mention-text": "#fde68a",
  "--pk-highlight-bg": "#2b2510",
  "--pk-highlight-line": "#a16207",
  "--pk-notice-bg": "#2b2410",
  "--pk-notice-line": "#6b5210",
  "--pk-neutral-button": "#2a2f3a",
  "--pk-call-bg": "#05070b",
  "--pk-call-text": "#f9fafb",
  "--pk-call-button": "#262b36",
  "--pk-shadow": "rgb(0 0 0 / 45%)",
};

/**
 * A theme for {@link ParleyProvider}: `light`, `dark`, or variables of your own laid over the light theme (spread
 * `darkTheme` into the map to start from the dark one).
 */
export type ParleyTheme = "light" | "dark" | Partial<ThemeVariables>;

/** The variables a theme sets, and whether it is a dark one (for the browser's own controls' `color-scheme`). */
export function themeVariables(theme: ParleyTheme): { variables: ThemeVariables; scheme: "light" | "dark" } {
  if (theme === "dark") return { variables: darkTheme, scheme: "dark" };
  if (theme === "light") return { variables: lightTheme, scheme: "light" };
  const variables = { ...lightTheme };
  for (const name of THEME_VARIABLES) {
    const value = theme[name];
    if (value !== undefined) variables[name] = value;
  }
  return { variables, scheme: variables["--pk-bg"] === darkTheme["--pk-bg"] ? "dark" : "light" };
}
