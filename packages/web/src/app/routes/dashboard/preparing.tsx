import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";

/** Route handle of pages whose screens arrive later: the localized title key. */
export interface TitleHandle {
  titleKey: string;
}

function isTitleHandle(handle: unknown): handle is TitleHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as TitleHandle).titleKey === "string";
}

/** A dashboard page whose screen is not built yet: its real title and an honest note, no sample data. */
export default function PreparingPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isTitleHandle(match.handle))?.handle;
  const title = isTitleHandle(handle) ? t(handle.titleKey) : t("common.appName");
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title={t("common.preparing")} body={t("common.preparingBody")} />
    </>
  );
}
