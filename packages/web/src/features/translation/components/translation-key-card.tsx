import KeyRounded from "@mui/icons-material/KeyRounded";
import { Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useDeleteTranslationKey } from "../api/delete-translation-key";
import { useTranslationKey } from "../api/get-translation-key";
import { TranslationKeyDialog } from "./translation-key-dialog";

/** The Google Cloud key translations are made with: which one is registered (never the key), replace, delete. */
export function TranslationKeyCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const translationKey = useTranslationKey(appId);
  const deleteKey = useDeleteTranslationKey(appId);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const current = translationKey.data ?? null;

  const confirmDelete = () =>
    deleteKey.mutate(
      { appId },
      {
        onSuccess: () => showSnackbar(t("translation.key.deleted"), { severity: "success" }),
        onSettled: () => setIsDeleting(false),
      },
    );

  return (
    <>
      <SettingsCard title={t("translation.key.title")} subheader={t("translation.key.description")}>
        {translationKey.isPending && <Skeleton variant="rounded" height={72} aria-busy />}
        {translationKey.isError && (
          <LoadError error={translationKey.error} onRetry={() => void translationKey.refetch()} />
        )}
        {translationKey.isSuccess && (
          <Stack spacing={2}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
              <KeyRounded color={current ? "primary" : "disabled"} />
              {current ? (
                <Box sx={{ minWidth: 0 }} data-testid="translation-key-facts">
                  <Typography sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>{current.hint}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t("translation.key.createdAt", { date: format.dateTime(current.createdAt) })}
                  </Typography>
                </Box>
              ) : (
                <Typography color="text.secondary">{t("translation.key.none")}</Typography>
              )}
            </Box>
            <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
              {current && (
                <Button color="error" onClick={() => setIsDeleting(true)}>
                  {t("common.delete")}
                </Button>
              )}
              <Button variant="contained" onClick={() => setIsDialogOpen(true)}>
                {t(current ? "translation.key.replace" : "translation.key.register")}
              </Button>
            </Box>
          </Stack>
        )}
      </SettingsCard>
      <TranslationKeyDialog
        appId={appId}
        open={isDialogOpen}
        isReplacing={current !== null}
        onClose={() => setIsDialogOpen(false)}
      />
      <ConfirmDialog
        open={isDeleting}
        title={t("translation.key.deleteTitle")}
        body={t("translation.key.deleteBody")}
        confirmLabel={t("common.delete")}
        isPending={deleteKey.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsDeleting(false)}
      />
    </>
  );
}
