import { createTheme } from "@mui/material/styles";

const fontFamily = [
  "Pretendard",
  '"Pretendard Variable"',
  '"Noto Sans KR"',
  "-apple-system",
  "BlinkMacSystemFont",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(",");

export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#3f51b5", dark: "#2c3a8c", light: "#7986cb", contrastText: "#ffffff" },
    secondary: { main: "#1e88e5" },
    background: { default: "#f5f6fa", paper: "#ffffff" },
    text: { primary: "#1c2033", secondary: "#5b6178" },
    divider: "#e3e6ef",
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily,
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
