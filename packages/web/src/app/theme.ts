import { createTheme } from "@mui/material/styles";
import { FONT_FAMILY } from "@parley/contract";

export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#3f51b5", dark: "#2c3a8c", light: "#7986cb", contrastText: "#ffffff" },
    // Status chips print white on these when filled and these on white or the page when outlined, so each keeps
    // 4.5:1 both ways (WCAG AA for small text); MUI's own info, warning and a lighter blue fall short (3.1 to 3.9).
    secondary: { main: "#1565c0" },
    info: { main: "#01579b" },
    warning: { main: "#b45309" },
    success: { main: "#2e7d32" },
    error: { main: "#d32f2f" },
    background: { default: "#f5f6fa", paper: "#ffffff" },
    text: { primary: "#1c2033", secondary: "#5b6178" },
    divider: "#e3e6ef",
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily: FONT_FAMILY,
    h1: { fontSize: "2.5rem", fontWeight: 700, lineHeight: 1.2, letterSpacing: "-0.02em" },
    h2: { fontSize: "2rem", fontWeight: 700, lineHeight: 1.25, letterSpacing: "-0.01em" },
    h3: { fontSize: "1.5rem", fontWeight: 700 },
    h4: { fontSize: "1.375rem", fontWeight: 700 },
    h5: { fontSize: "1.125rem", fontWeight: 600 },
    h6: { fontSize: "1rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: "antialiased", MozOsxFontSmoothing: "grayscale" },
        // Korean breaks lines between words (at spaces), never inside one ("기준입니/다", "필/수"). A token too long
        // for its line (an address, an id) may still break anywhere; `break-word` rather than `anywhere` leaves the
        // narrowest width of table cells and chips at their longest word, so a squeezed column never splits one.
        // The root's `lang` follows the UI language (i18n/index.ts), so switching to English turns this off.
        "html:lang(ko)": { wordBreak: "keep-all", overflowWrap: "break-word" },
        // A visitor who asked their system for less motion gets none (WCAG 2.3.3): menus, dialogs and snackbars
        // appear where they end, and nothing slides or pulses. Durations near zero rather than `none`, so the end of
        // a transition or an animation is still announced to whatever waits on it; `!important` wins over the
        // transitions MUI writes inline on the element.
        "@media (prefers-reduced-motion: reduce)": {
          "*, *::before, *::after": {
            animationDuration: "0.01ms !important",
            animationIterationCount: "1 !important",
            transitionDuration: "0.01ms !important",
            scrollBehavior: "auto !important",
          },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10, paddingInline: 16 } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiCard: {
      defaultProps: { variant: "outlined" },
      styleOverrides: { root: { borderRadius: 12 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true, size: "medium" } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 10, backgroundColor: "#ffffff" } } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: "inherit" },
      styleOverrides: { root: { borderBottom: "1px solid #e3e6ef" } },
    },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 8 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 12 } } },
  },
});
