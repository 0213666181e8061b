import { Box, Skeleton, Stack, Typography } from "@mui/material";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/copy-button";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { logLoadFailure } from "@/lib/load-failure";
import { useSession } from "@/lib/session";
import { useApp } from "../api/get-app";
import { useChatSettings } from "../api/get-chat-settings";
import { updateOnboardingState } from "../lib/onboarding-state";
import { ApiKeysCard } from "./api-keys-card";
import { AppNameForm } from "./app-name-form";
import { ChatSettingsForm } from "./chat-settings-form";
import { LoginSigningCard } from "./login-signing-card";
import { SubAccountsCard } from "./sub-accounts-card";

/**
 * `/apps/:id/settings`: name, app ID, chat settings and the switches beside them, API keys, other features' cards
 * and, for the owner, sub-accounts.
 */
export function AppSettings({
  appId,
  chatCards,
  moreCards,
}: {
  appId: string;
  /** Switches of other features that change what a sent message becomes (link previews), under the chat settings. */
  chatCards?: ReactNode;
  /**
   * Cards of other features (the call servers), which the route puts in: a feature does not import another. Their
   * forms report whether they hold unsaved changes, so that leaving the page asks first for them too.
   */
  moreCards?: (onDirtyChange: (dirty: boolean) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const session = useSession();
  // Only an ordinary account owns apps in a way that lets it invite; the server answers others 1023.
  const canManageSubAccounts = session?.userType === "ordinary";
  const app = useApp(appId);
  const chatSettings = useChatSettings(appId);
  const [isNameDirty, setIsNameDirty] = useState(false);
  const [isChatDirty, setIsChatDirty] = useState(false);
  const [isMoreDirty, setIsMoreDirty] = useState(false);
  // One guard for every form: the router allows a single blocker at a time.
  const leaveDialog = useLeaveConfirm(isNameDirty || isChatDirty || isMoreDirty);
  const onNameDirty = useCallback((dirty: boolean) => setIsNameDirty(dirty), []);
  const onChatDirty = useCallback((dirty: boolean) => setIsChatDirty(dirty), []);
  const onMoreDirty = useCallback((dirty: boolean) => setIsMoreDirty(dirty), []);

  // Spec section 8: a failed app-detail load is logged and shown in the snackbar.
  useEffect(() => {
    if (!app.error) return;
    logLoadFailure("Could not load the app", app.error);
    showSnackbar(errorText(app.error), { severity: "error" });
  }, [app.error, errorText, showSnackbar]);

  return (
    <>
      <PageHeader title={t("pages.appSettings")} description={app.data?.name} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <SettingsCard title={t("apps.settings.nameTitle")}>
          {app.isPending && <Skeleton variant="rounded" height={56} aria-busy />}
          {app.isError && <LoadError error={app.error} onRetry={() => void app.refetch()} />}
          {app.data && (
            <Stack spacing={3}>
              <AppNameForm key={app.data.id} app={app.data} onDirtyChange={onNameDirty} />
              <Box>
                <Typography variant="caption" color="text.secondary" component="p">
                  {t("apps.fields.id")}
                </Typography>
                <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
                  <Typography sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }} data-testid="app-id">
                    {app.data.id}
                  </Typography>
                  <CopyButton
                    value={app.data.id}
                    label={t("apps.copyId")}
                    onCopied={() => updateOnboardingState(appId, { isAppIdCopied: true })}
                  />
                </Box>
              </Box>
            </Stack>
          )}
        </SettingsCard>
        <SettingsCard title={t("apps.settings.chatTitle")} subheader={t("apps.settings.chatDescription")}>
          {chatSettings.isPending && <Skeleton variant="rounded" height={120} aria-busy />}
          {chatSettings.isError && <LoadError error={chatSettings.error} onRetry={() => void chatSettings.refetch()} />}
          {chatSettings.data && (
            <ChatSettingsForm appId={appId} settings={chatSettings.data} onDirtyChange={onChatDirty} />
          )}
        </SettingsCard>
        {chatCards}
        <ApiKeysCard appId={appId} />
        <LoginSigningCard appId={appId} />
        {moreCards?.(onMoreDirty)}
        {canManageSubAccounts && <SubAccountsCard appId={appId} />}
      </Stack>
      {leaveDialog}
    </>
  );
}
