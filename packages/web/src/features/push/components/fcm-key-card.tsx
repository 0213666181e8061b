import KeyRounded from "@mui/icons-material/KeyRounded";
import { Alert } from "@mui/material";
import type { TFcmKey } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { useDeleteFcmKey } from "../api/delete-fcm-key";
import { useFcmKey } from "../api/get-fcm-key";
import { FcmKeyDialog } from "./fcm-key-dialog";
import { PushKeyCard } from "./push-key-card";

/** The FCM credential the push sender uses: what is registered (never the secret), register, replace, delete. */
export function FcmKeyCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useFcmKey(appId);
  const deleteKey = useDeleteFcmKey(appId);
  return (
    <PushKeyCard<TFcmKey>
      provider="fcm"
      appId={appId}
      query={query}
      deleteKey={deleteKey}
      icon={<KeyRounded fontSize="small" />}
      factsOf={(key) => [
        { label: t("push.fcm.kind"), value: t(`push.fcm.kinds.${key.kind}`) },
        { label: t("push.fcm.hint"), value: key.hint, isCode: true },
        { label: t("push.fcm.project"), value: key.projectId ?? "—", isCode: key.projectId !== null },
        { label: t("push.fcm.createdAt"), value: format.dateTime(key.createdAt) },
      ]}
      below={(key) => ({
        afterFacts: key.kind === "legacy" && <Alert severity="warning">{t("push.fcm.legacyEnded")}</Alert>,
      })}
      dialog={(props) => <FcmKeyDialog appId={appId} {...props} />}
    />
  );
}
