import PhoneIphoneRounded from "@mui/icons-material/PhoneIphoneRounded";
import { Divider } from "@mui/material";
import type { TApnsKey } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { useDeleteApnsKey } from "../api/delete-apns-key";
import { useApnsKey } from "../api/get-apns-key";
import { ApnsKeyDialog } from "./apns-key-dialog";
import { ApnsTestForm } from "./apns-test-form";
import { PushKeyCard } from "./push-key-card";

/** The APNs key the push sender uses for devices registered with Apple: what is registered, a test, replace, delete. */
export function ApnsKeyCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useApnsKey(appId);
  const deleteKey = useDeleteApnsKey(appId);
  return (
    <PushKeyCard<TApnsKey>
      provider="apns"
      appId={appId}
      query={query}
      deleteKey={deleteKey}
      icon={<PhoneIphoneRounded fontSize="small" />}
      factsOf={(key) => [
        { label: t("push.apns.keyId"), value: key.keyId, isCode: true },
        { label: t("push.apns.teamId"), value: key.teamId, isCode: true },
        { label: t("push.apns.bundleId"), value: key.bundleId, isCode: true },
        { label: t("push.apns.environment"), value: t(`push.apns.environments.${key.environment}`) },
        { label: t("push.apns.fingerprint"), value: key.fingerprint, isCode: true },
        { label: t("push.apns.createdAt"), value: format.dateTime(key.createdAt) },
      ]}
      below={() => ({
        afterButtons: (
          <>
            <Divider />
            <ApnsTestForm appId={appId} />
          </>
        ),
      })}
      dialog={(props) => <ApnsKeyDialog appId={appId} {...props} />}
    />
  );
}
