import PhoneIphoneRounded from "@mui/icons-material/PhoneIphoneRounded";
import { Box, Button, Divider, Skeleton, Stack, Typography } from "@mui/material";
import type { TApnsKey } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useDeleteApnsKey } from "../api/delete-apns-key";
import { useApnsKey } from "../api/get-apns-key";
import { ApnsKeyDialog } from "./apns-key-dialog";
import { ApnsTestForm } from "./apns-test-form";

function KeyFacts({ apnsKey }: { apnsKey: TApnsKey }) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts = [
    { label: t("push.apns.keyId"), value: apnsKey.keyId, isCode: true },
    { label: t("push.apns.teamId"), value: apnsKey.teamId, isCode: true },
    { label: t("push.apns.bundleId"), value: apnsKey.bundleId, isCode: true },
    { label: t("push.apns.environment"), value: t(`push.apns.environments.${apnsKey.environment}`) },
    { label: t("push.apns.fingerprint"), value: apnsKey.fingerprint, isCode: true },
    { label: t("push.apns.createdAt"), value: format.dateTime(apnsKey.createdAt) },
  ];
  return (
    <Box
      component="dl"
      data-testid="apns-key-facts"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
        gap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {facts.map(({ label, value, isCode }) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: "anywhere", fontFamily: isCode ? "monospace" : undefined }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The APNs key the push sender uses for devices registered with Apple: what is registered, a test, replace, delete. */
export function ApnsKeyCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const apnsKey = useApnsKey(appId);
  const deleteKey = useDeleteApnsKey(appId);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const current = apnsKey.data ?? null;

  const confirmDelete = () =>
    deleteKey.mutate(
      { appId },
      {
        onSuccess: () => showSnackbar(t("push.apns.deleted"), { severity: "success" }),
        onSettled: () => setIsDeleting(false),
      },
    );

  return (
    <>
      <SettingsCard title={t("push.apns.title")} subheader={t("push.apns.description")}>
        {apnsKey.isPending && <Skeleton variant="rounded" height={96} aria-busy />}
        {apnsKey.isError && <LoadError error={apnsKey.error} onRetry={() => void apnsKey.refetch()} />}
        {apnsKey.isSuccess && (
          <Stack spacing={2}>
            {current ? (
              <KeyFacts apnsKey={current} />
            ) : (
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                <PhoneIphoneRounded fontSize="small" />
                <Typography>{t("push.apns.none")}</Typography>
              </Box>
            )}
            <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
              {current && (
                <Button color="error" onClick={() => setIsDeleting(true)}>
                  {t("common.delete")}
                </Button>
              )}
              <Button variant="contained" onClick={() => setIsDialogOpen(true)}>
                {t(current ? "push.apns.replace" : "push.apns.register")}
              </Button>
            </Box>
            {current && (
              <>
                <Divider />
                <ApnsTestForm appId={appId} />
              </>
            )}
          </Stack>
        )}
      </SettingsCard>
      <ApnsKeyDialog appId={appId} open={isDialogOpen} current={current} onClose={() => setIsDialogOpen(false)} />
      <ConfirmDialog
        open={isDeleting}
        title={t("push.apns.deleteTitle")}
        body={t("push.apns.deleteBody")}
        confirmLabel={t("common.delete")}
        isPending={deleteKey.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsDeleting(false)}
      />
    </>
  );
}
