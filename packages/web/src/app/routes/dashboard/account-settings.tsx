import { Alert, Box, Button, Card, CardContent, CardHeader, Divider, Skeleton, Stack, Typography } from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useAccount } from "@/features/account/api/get-account";
import { ActiveSessionsCard } from "@/features/account/components/active-sessions-card";
import { ChangePasswordForm } from "@/features/account/components/change-password-form";
import { ProfileForm } from "@/features/account/components/profile-form";
import { AuditLog } from "@/features/audit-log/components/audit-log";
import { useErrorText } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";

export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const account = useAccount();
  const [isProfileDirty, setIsProfileDirty] = useState(false);
  const [isPasswordDirty, setIsPasswordDirty] = useState(false);
  // Both forms share one guard: a router allows a single blocker at a time.
  const leaveDialog = useLeaveConfirm(isProfileDirty || isPasswordDirty);
  const onProfileDirty = useCallback((dirty: boolean) => setIsProfileDirty(dirty), []);
  const onPasswordDirty = useCallback((dirty: boolean) => setIsPasswordDirty(dirty), []);

  return (
    <>
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <Card>
          <CardHeader title={t("settings.profile.title")} slotProps={{ title: { component: "h2", variant: "h6" } }} />
          <Divider />
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            {account.isPending && (
              <Stack spacing={2} aria-busy>
                {[0, 1, 2, 3].map((row) => (
                  <Skeleton key={row} variant="rounded" height={56} />
                ))}
              </Stack>
            )}
            {account.isError && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void account.refetch()}>
                    {t("common.retry")}
                  </Button>
                }
              >
                {errorText(account.error)}
              </Alert>
            )}
            {account.data && <ProfileForm account={account.data} onDirtyChange={onProfileDirty} />}
          </CardContent>
        </Card>
        <Card>
          <CardHeader
            title={t("settings.password.title")}
            subheader={t("settings.password.description")}
            slotProps={{ title: { component: "h2", variant: "h6" } }}
          />
          <Divider />
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Box>
              <ChangePasswordForm onDirtyChange={onPasswordDirty} />
            </Box>
          </CardContent>
        </Card>
        <ActiveSessionsCard />
      </Stack>
      <Box component="section" aria-labelledby="account-audit-title" sx={{ mt: 4 }}>
        <Typography id="account-audit-title" variant="h6" component="h2">
          {t("audit.accountTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("audit.accountDescription")}
        </Typography>
        <AuditLog scope={{ kind: "account" }} />
      </Box>
      {leaveDialog}
    </>
  );
}
