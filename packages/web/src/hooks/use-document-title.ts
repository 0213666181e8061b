import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the tab title to "<page> · Parley" in the current language and restores the plain title on leave. */
export function useDocumentTitle(pageTitle: string | undefined) {
  const { t } = useTranslation();
  const base = t("meta.title");
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${t("common.appName")}` : base;
    return () => {
      document.title = base;
    };
  }, [pageTitle, base, t]);
}
