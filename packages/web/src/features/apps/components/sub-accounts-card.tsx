import PersonAddAlt1Rounded from "@mui/icons-material/PersonAddAlt1Rounded";
import SupervisorAccountRounded from "@mui/icons-material/SupervisorAccountRounded";
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  Divider,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import {
  SIGN_IN_LINK_TTL_HOURS,
  SUB_ACCOUNTS_PER_APP_MAX,
  type TSubAccount,
  zCreateSubAccountRequest,
} from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { TextFieldDialog } from "@/components/text-field-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSubAccounts } from "../api/get-sub-accounts";
import { useInviteSubAccount } from "../api/invite-sub-account";
import { useResendSubAccountInvitation } from "../api/resend-sub-account-invitation";
import { useRevokeSubAccount } from "../api/revoke-sub-account";

function InviteSubAccountDialog({
  appId,
  open,
  onClose,
  onInvited,
}: {
  appId: string;
  open: boolean;
  onClose: () => void;
  onInvited: (subAccount: TSubAccount) => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteSubAccount(appId, inlineErrors);
  return (
    <TextFieldDialog
      open={open}
      title={t("apps.subAccounts.inviteTitle")}
      description={t("apps.subAccounts.inviteBody", { hours: SIGN_IN_LINK_TTL_HOURS })}
      label={t("fields.email")}
      schema={zCreateSubAccountRequest.shape.email}
      // Every refusal (taken address 1003, the limit 3060) concerns the one address typed: it goes under it.
      serverField="email"
      defaultValue=""
      validateOn="all"
      fieldProps={{ type: "email", autoComplete: "off" }}
      canSubmit={({ isValid }) => isValid}
      submitLabel={t("apps.subAccounts.send")}
      request={(email) => invite.mutateAsync({ appId, body: { email } })}
      onSuccess={onInvited}
      onClose={onClose}
    />
  );
}

function LinkExpiry({ subAccount }: { subAccount: TSubAccount }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!subAccount.linkExpiresAt) return <>{t("apps.subAccounts.noLink")}</>;
  const isExpired = new Date(subAccount.linkExpiresAt).getTime() <= Date.now();
  if (!isExpired) return <>{format.dateTime(subAccount.linkExpiresAt)}</>;
  return (
    <Box component="span" sx={{ color: "error.main" }}>
      {t("apps.subAccounts.linkExpired", { at: format.dateTime(subAccount.linkExpiresAt) })}
    </Box>
  );
}

function SubAccountRow({
  subAccount,
  onResend,
  onRevoke,
}: {
  subAccount: TSubAccount;
  onResend: (subAccount: TSubAccount) => void;
  onRevoke: (subAccount: TSubAccount) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const isInvited = subAccount.status === "invited";
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600, wordBreak: "break-all", minWidth: 160 }}>{subAccount.email}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={isInvited ? "warning" : "success"}
          label={t(`apps.subAccounts.status.${subAccount.status}`)}
        />
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>{format.dateTime(subAccount.invitedAt)}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <LinkExpiry subAccount={subAccount} />
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>
        {subAccount.lastLoginAt ? format.dateTime(subAccount.lastLoginAt) : t("apps.subAccounts.neverLoggedIn")}
      </TableCell>
      <TableCell align="right">
        {/* Stacked until the screen is wide, so the row's dates keep their room. */}
        <Box
          sx={{
            display: "flex",
            flexDirection: { xs: "column", xl: "row" },
            alignItems: "flex-end",
            justifyContent: "flex-end",
            gap: 0.5,
            whiteSpace: "nowrap",
          }}
        >
          {/* An active sub-account logs in with its password; a new link is only for one still invited. */}
          {isInvited && (
            <Button size="small" onClick={() => onResend(subAccount)}>
              {t("apps.subAccounts.resend")}
            </Button>
          )}
          <Button size="small" color="error" onClick={() => onRevoke(subAccount)}>
            {t("apps.subAccounts.revoke")}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** People the owner lets into this one app: invite by email (a sign-in link), resend the link, revoke. */
export function SubAccountsCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const subAccounts = useSubAccounts(appId);
  const resend = useResendSubAccountInvitation(appId);
  const revoke = useRevokeSubAccount(appId);
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [resending, setResending] = useState<TSubAccount | null>(null);
  const [revoking, setRevoking] = useState<TSubAccount | null>(null);
  const isFull = (subAccounts.data?.length ?? 0) >= SUB_ACCOUNTS_PER_APP_MAX;

  const confirmResend = () => {
    if (!resending) return;
    resend.mutate(
      { appId, subAccountId: resending.id },
      {
        onSuccess: (subAccount) =>
          showSnackbar(t("apps.subAccounts.resent", { email: subAccount.email }), { severity: "success" }),
        onSettled: () => setResending(null),
      },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const { email } = revoking;
    revoke.mutate(
      { appId, subAccountId: revoking.id },
      {
        onSuccess: () => showSnackbar(t("apps.subAccounts.revoked", { email }), { severity: "success" }),
        onSettled: () => setRevoking(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader
        title={t("apps.subAccounts.title")}
        subheader={t("apps.subAccounts.description", { max: SUB_ACCOUNTS_PER_APP_MAX })}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          <Button
            startIcon={<PersonAddAlt1Rounded />}
            variant="outlined"
            disabled={!subAccounts.data || isFull}
            onClick={() => setIsInviteOpen(true)}
          >
            {t("apps.subAccounts.invite")}
          </Button>
        }
        sx={{ flexWrap: "wrap", gap: 1, "& .MuiCardHeader-action": { m: 0 } }}
      />
      <Divider />
      {subAccounts.isPending && (
        <Box sx={{ p: 2 }} aria-busy>
          <Skeleton variant="rounded" height={96} />
        </Box>
      )}
      {subAccounts.isError && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void subAccounts.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(subAccounts.error)}
        </Alert>
      )}
      {isFull && (
        <Alert severity="info" sx={{ m: 2 }}>
          {t("apps.subAccounts.full", { max: SUB_ACCOUNTS_PER_APP_MAX })}
        </Alert>
      )}
      {subAccounts.data?.length === 0 && (
        <Box sx={{ p: 3, display: "flex", alignItems: "center", gap: 1.5, color: "text.secondary" }}>
          <SupervisorAccountRounded />
          <Typography>{t("apps.subAccounts.empty")}</Typography>
        </Box>
      )}
      {subAccounts.data && subAccounts.data.length > 0 && (
        <TableRegion label={t("apps.subAccounts.title")}>
          <Table size="small" aria-label={t("apps.subAccounts.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("fields.email")}</TableCell>
                <TableCell>{t("apps.subAccounts.statusLabel")}</TableCell>
                <TableCell sx={wideOnly}>{t("apps.subAccounts.invitedAt")}</TableCell>
                <TableCell>{t("apps.subAccounts.linkExpiresAt")}</TableCell>
                <TableCell sx={wideOnly}>{t("apps.subAccounts.lastLoginAt")}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t("common.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {subAccounts.data.map((subAccount) => (
                <SubAccountRow
                  key={subAccount.id}
                  subAccount={subAccount}
                  onResend={setResending}
                  onRevoke={setRevoking}
                />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <InviteSubAccountDialog
        appId={appId}
        open={isInviteOpen}
        onClose={() => setIsInviteOpen(false)}
        onInvited={(subAccount) => {
          setIsInviteOpen(false);
          showSnackbar(t("apps.subAccounts.invited", { email: subAccount.email }), { severity: "success" });
        }}
      />
      <ConfirmDialog
        open={resending !== null}
        title={t("apps.subAccounts.resendTitle")}
        body={t("apps.subAccounts.resendBody", { email: resending?.email ?? "", hours: SIGN_IN_LINK_TTL_HOURS })}
        confirmLabel={t("apps.subAccounts.resend")}
        isDestructive={false}
        isPending={resend.isPending}
        onConfirm={confirmResend}
        onClose={() => setResending(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t("apps.subAccounts.revokeTitle")}
        body={t("apps.subAccounts.revokeBody", { email: revoking?.email ?? "" })}
        confirmLabel={t("apps.subAccounts.revoke")}
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
