import { Alert, type AlertColor, Snackbar } from "@mui/material";
import { SNACKBAR_MS } from "@parley/contract";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

interface SnackbarMessage {
  key: number;
  text: string;
  severity: AlertColor;
  durationMs: number;
}

interface SnackbarApi {
  showSnackbar: (text: string, options?: { severity?: AlertColor; durationMs?: number }) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

/** One snackbar for the whole app; a new message replaces the one on screen. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<SnackbarMessage | null>(null);
  const [open, setOpen] = useState(false);

  const showSnackbar = useCallback<SnackbarApi["showSnackbar"]>((text, options) => {
    setMessage({
      key: Date.now(),
      text,
      severity: options?.severity ?? "info",
      durationMs: options?.durationMs ?? SNACKBAR_MS,
    });
    setOpen(true);
  }, []);

  const value = useMemo(() => ({ showSnackbar }), [showSnackbar]);

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={message?.key}
        open={open}
        autoHideDuration={message?.durationMs ?? SNACKBAR_MS}
        onClose={(_event, reason) => {
          if (reason !== "clickaway") setOpen(false);
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert
          onClose={() => setOpen(false)}
          severity={message?.severity ?? "info"}
          variant="filled"
          sx={{ width: "100%", alignItems: "center" }}
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error("useSnackbar must be used inside SnackbarProvider");
  return context;
}
