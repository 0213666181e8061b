import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Sets the tab title to "<page> · Parley" in the current language and restores the plain title on leave.
 * Without a page title it leaves the tab title alone, so a section that is not the page's heading cannot undo
 * the page's title.
 */
export function useDocumentTitle(pageTitle: string | undefined) {
  const { t } = useTranslation();
  const base = t("meta.title");
  useEffect(() => {
    if (!pageTitle) return;
    document.title = `${pageTitle} · ${t("common.appName")}`;
    return () => {
      document.title = base;
    };
  }, [pageTitle, base, t]);
}
