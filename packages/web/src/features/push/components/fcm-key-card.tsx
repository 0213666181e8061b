import KeyRounded from "@mui/icons-material/KeyRounded";
import { Alert, Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import type { TFcmKey } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useDeleteFcmKey } from "../api/delete-fcm-key";
import { useFcmKey } from "../api/get-fcm-key";
import { FcmKeyDialog } from "./fcm-key-dialog";

function KeyFacts({ fcmKey }: { fcmKey: TFcmKey }) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts = [
    { label: t("push.fcm.kind"), value: t(`push.fcm.kinds.${fcmKey.kind}`) },
    { label: t("push.fcm.hint"), value: fcmKey.hint, isCode: true },
    { label: t("push.fcm.project"), value: fcmKey.projectId ?? "—", isCode: fcmKey.projectId !== null },
    { label: t("push.fcm.createdAt"), value: format.dateTime(fcmKey.createdAt) },
  ];
  return (
    <Box
      component="dl"
      data-testid="fcm-key-facts"
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

/** The FCM credential the push sender uses: what is registered (never the secret), register, replace, delete. */
export function FcmKeyCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const fcmKey = useFcmKey(appId);
  const deleteKey = useDeleteFcmKey(appId);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const current = fcmKey.data ?? null;

  const confirmDelete = () =>
    deleteKey.mutate(
      { appId },
      {
        onSuccess: () => showSnackbar(t("push.fcm.deleted"), { severity: "success" }),
        onSettled: () => setIsDeleting(false),
      },
    );

  return (
    <>
      <SettingsCard title={t("push.fcm.title")} subheader={t("push.fcm.description")}>
        {fcmKey.isPending && <Skeleton variant="rounded" height={96} aria-busy />}
        {fcmKey.isError && <LoadError error={fcmKey.error} onRetry={() => void fcmKey.refetch()} />}
        {fcmKey.isSuccess && (
          <Stack spacing={2}>
            {current ? (
              <KeyFacts fcmKey={current} />
            ) : (
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                <KeyRounded fontSize="small" />
                <Typography>{t("push.fcm.none")}</Typography>
              </Box>
            )}
            {current?.kind === "legacy" && <Alert severity="warning">{t("push.fcm.legacyEnded")}</Alert>}
            <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
              {current && (
                <Button color="error" onClick={() => setIsDeleting(true)}>
                  {t("common.delete")}
                </Button>
              )}
              <Button variant="contained" onClick={() => setIsDialogOpen(true)}>
                {t(current ? "push.fcm.replace" : "push.fcm.register")}
              </Button>
            </Box>
          </Stack>
        )}
      </SettingsCard>
      <FcmKeyDialog appId={appId} open={isDialogOpen} current={current} onClose={() => setIsDialogOpen(false)} />
      <ConfirmDialog
        open={isDeleting}
        title={t("push.fcm.deleteTitle")}
        body={t("push.fcm.deleteBody")}
        confirmLabel={t("common.delete")}
        isPending={deleteKey.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsDeleting(false)}
      />
    </>
  );
}
