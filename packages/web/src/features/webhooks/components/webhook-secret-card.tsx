import AutorenewRounded from "@mui/icons-material/AutorenewRounded";
import VisibilityOffRounded from "@mui/icons-material/VisibilityOffRounded";
import VisibilityRounded from "@mui/icons-material/VisibilityRounded";
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { type TWebhookSettings, WEBHOOK_PREVIOUS_SECRET_HOURS } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useRotateWebhookSecret } from "../api/rotate-webhook-secret";

const SECRET_PREFIX = "whsec_";

/** Hides all but the `whsec_` prefix, with a fixed length so the mask says nothing about the secret. */
function masked(secret: string) {
  return secret.startsWith(SECRET_PREFIX) ? `${SECRET_PREFIX}${"•".repeat(24)}` : "•".repeat(30);
}

/** The secret receivers verify signatures with (Standard Webhooks): hidden by default, copyable, rotatable. */
export function WebhookSecretCard({ appId, settings }: { appId: string; settings: TWebhookSettings }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const rotate = useRotateWebhookSecret(appId);
  const [isRevealed, setIsRevealed] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const { secret, previousSecretExpiresAt } = settings;

  const confirmRotate = () =>
    rotate.mutate(
      { appId },
      {
        onSuccess: () => {
          setIsRevealed(false);
          showSnackbar(t("webhooks.secret.rotated"), { severity: "success" });
        },
        onSettled: () => setIsConfirming(false),
      },
    );

  return (
    <>
      <SettingsCard title={t("webhooks.secret.title")} subheader={t("webhooks.secret.description")}>
        <Stack spacing={2}>
          {secret ? (
            <Box
              sx={{
                display: "flex",
                alignItems: "center",
                gap: 0.5,
                p: 1,
                pl: 1.5,
                borderRadius: 1,
                bgcolor: "action.hover",
                minWidth: 0,
              }}
            >
              <Typography
                data-testid="webhook-secret"
                sx={{ fontFamily: "monospace", overflowWrap: "anywhere", flex: 1, minWidth: 0 }}
              >
                {isRevealed ? secret : masked(secret)}
              </Typography>
              <Tooltip title={t(isRevealed ? "webhooks.secret.hide" : "webhooks.secret.reveal")}>
                <IconButton
                  size="small"
                  aria-label={t(isRevealed ? "webhooks.secret.hide" : "webhooks.secret.reveal")}
                  aria-pressed={isRevealed}
                  onClick={() => setIsRevealed(!isRevealed)}
                >
                  {isRevealed ? <VisibilityOffRounded fontSize="small" /> : <VisibilityRounded fontSize="small" />}
                </IconButton>
              </Tooltip>
              <CopyButton value={secret} label={t("webhooks.secret.copy")} />
            </Box>
          ) : (
            <Typography color="text.secondary">{t("webhooks.secret.none")}</Typography>
          )}
          {previousSecretExpiresAt && (
            <Alert severity="info">
              {t("webhooks.secret.previousUntil", { time: format.dateTime(previousSecretExpiresAt) })}
            </Alert>
          )}
          <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
            <Button
              variant="outlined"
              startIcon={<AutorenewRounded />}
              onClick={() => setIsConfirming(true)}
              disabled={!secret}
            >
              {t("webhooks.secret.rotate")}
            </Button>
          </Box>
        </Stack>
      </SettingsCard>
      <ConfirmDialog
        open={isConfirming}
        title={t("webhooks.secret.rotateTitle")}
        body={t("webhooks.secret.rotateBody", { hours: WEBHOOK_PREVIOUS_SECRET_HOURS })}
        confirmLabel={t("webhooks.secret.rotate")}
        isPending={rotate.isPending}
        onConfirm={confirmRotate}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
