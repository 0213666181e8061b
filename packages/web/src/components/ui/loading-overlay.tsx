import { Backdrop, CircularProgress } from "@mui/material";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

interface LoadingApi {
  acquire: () => () => void;
}

const LoadingContext = createContext<LoadingApi | null>(null);

/** Short waits flash the overlay for a frame and feel slower than no overlay; wait this long before showing it. */
const SHOW_DELAY_MS = 250;

/**
 * A full-screen spinner shown while anything holds it. Holders are counted, so a pending navigation and a
 * long mutation can overlap without one hiding the overlay of the other.
 */
export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [holders, setHolders] = useState(0);
  const [visible, setVisible] = useState(false);

  const api = useMemo<LoadingApi>(
    () => ({
      acquire: () => {
        setHolders((count) => count + 1);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          setHolders((count) => Math.max(0, count - 1));
        };
      },
    }),
    [],
  );

  useEffect(() => {
    if (holders === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [holders]);

  return (
    <LoadingContext.Provider value={api}>
      {children}
      <Backdrop open={visible} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: "#fff" }}>
        <CircularProgress color="inherit" aria-label={t("common.loading")} />
      </Backdrop>
    </LoadingContext.Provider>
  );
}

/** Shows the global loading overlay while `isLoading` is true. */
export function useLoadingOverlay(isLoading: boolean) {
  const context = useContext(LoadingContext);
  if (!context) throw new Error("useLoadingOverlay must be used inside LoadingOverlayProvider");
  useEffect(() => {
    if (!isLoading) return;
    return context.acquire();
  }, [context, isLoading]);
}
