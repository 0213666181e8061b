import { Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { type Fact, FactList } from "@/components/fact-list";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";

/**
 * A push provider's credential (FCM, APNs): what is registered (never the secret), register, replace and delete.
 * The provider gives its facts, its dialog and what it shows under a registered key; the words come from
 * `push.<provider>.*`, which both providers name alike.
 */
export function PushKeyCard<TKey>({
  provider,
  appId,
  query,
  deleteKey,
  icon,
  factsOf,
  below,
  dialog,
}: {
  provider: "fcm" | "apns";
  appId: string;
  query: UseQueryResult<TKey | null>;
  deleteKey: UseMutationResult<void, Error, { appId: string }>;
  /** Shown beside the words saying nothing is registered. */
  icon: ReactNode;
  factsOf: (key: TKey) => Fact[];
  /** What follows a registered key's facts or its buttons: a warning, a test form. */
  below?: (key: TKey) => { afterFacts?: ReactNode; afterButtons?: ReactNode };
  dialog: (props: { open: boolean; current: TKey | null; onClose: () => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const current = query.data ?? null;
  const extra = current === null ? {} : (below?.(current) ?? {});

  const confirmDelete = () =>
    deleteKey.mutate(
      { appId },
      {
        onSuccess: () => showSnackbar(t(`push.${provider}.deleted`), { severity: "success" }),
        onSettled: () => setIsDeleting(false),
      },
    );

  return (
    <>
      <SettingsCard title={t(`push.${provider}.title`)} subheader={t(`push.${provider}.description`)}>
        {query.isPending && <Skeleton variant="rounded" height={96} aria-busy />}
        {query.isError && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && (
          <Stack spacing={2}>
            {current !== null ? (
              <FactList facts={factsOf(current)} testId={`${provider}-key-facts`} />
            ) : (
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                {icon}
                <Typography>{t(`push.${provider}.none`)}</Typography>
              </Box>
            )}
            {extra.afterFacts}
            <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
              {current !== null && (
                <Button color="error" onClick={() => setIsDeleting(true)}>
                  {t("common.delete")}
                </Button>
              )}
              <Button variant="contained" onClick={() => setIsDialogOpen(true)}>
                {t(current !== null ? `push.${provider}.replace` : `push.${provider}.register`)}
              </Button>
            </Box>
            {extra.afterButtons}
          </Stack>
        )}
      </SettingsCard>
      {dialog({ open: isDialogOpen, current, onClose: () => setIsDialogOpen(false) })}
      <ConfirmDialog
        open={isDeleting}
        title={t(`push.${provider}.deleteTitle`)}
        body={t(`push.${provider}.deleteBody`)}
        confirmLabel={t("common.delete")}
        isPending={deleteKey.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsDeleting(false)}
      />
    </>
  );
}
