import AddRounded from "@mui/icons-material/AddRounded";
import AutorenewRounded from "@mui/icons-material/AutorenewRounded";
import KeyRounded from "@mui/icons-material/KeyRounded";
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import {
  SIGNING_SECRET_OVERLAP_DEFAULT_SECONDS,
  SIGNING_SECRET_OVERLAP_MAX_SECONDS,
  type TCreateSigningSecretResponse,
  type TSigningSecret,
} from "@parley/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { TableRegion } from "@/components/table-region";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCreateSigningSecret } from "../api/create-signing-secret";
import { useDeleteSigningSecret } from "../api/delete-signing-secret";
import { useSigningSecrets } from "../api/get-signing-secrets";
import { useRevokeLoginTokens } from "../api/revoke-login-tokens";

const HOUR = 60 * 60;
/** The overlaps offered when rotating, from none to the longest the server allows. */
const OVERLAP_CHOICES = [
  0,
  HOUR,
  SIGNING_SECRET_OVERLAP_DEFAULT_SECONDS,
  3 * 24 * HOUR,
  SIGNING_SECRET_OVERLAP_MAX_SECONDS,
];

function RotateDialog({
  appId,
  open,
  onClose,
  onCreated,
}: {
  appId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (created: TCreateSigningSecretResponse) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const titleId = useId();
  const [overlapSeconds, setOverlapSeconds] = useState(SIGNING_SECRET_OVERLAP_DEFAULT_SECONDS);
  const rotate = useCreateSigningSecret(appId, inlineErrors);
  const close = () => {
    rotate.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t("apps.loginSigning.rotateTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("apps.loginSigning.rotateBody")}</DialogContentText>
        <TextField
          select
          fullWidth
          label={t("apps.loginSigning.overlap")}
          value={overlapSeconds}
          onChange={(event) => setOverlapSeconds(Number(event.target.value))}
        >
          {OVERLAP_CHOICES.map((seconds) => (
            <MenuItem key={seconds} value={seconds}>
              {t(`apps.loginSigning.overlapChoice.${seconds}`)}
            </MenuItem>
          ))}
        </TextField>
        {rotate.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(rotate.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          loading={rotate.isPending}
          onClick={() =>
            rotate.mutate({ appId, body: { overlapSeconds } }, { onSuccess: (created) => onCreated(created) })
          }
        >
          {t("apps.loginSigning.rotate")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The one moment the secret is visible: it lives in this dialog's props and nowhere else. */
function SigningSecretDialog({
  created,
  onClose,
}: {
  created: TCreateSigningSecretResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={created?.value ?? null}
      title={t("apps.loginSigning.secretTitle")}
      warning={t("apps.loginSigning.secretWarning")}
      caption={t("apps.loginSigning.secretKid", { kid: created?.secret.id ?? "" })}
      copyLabel={t("apps.loginSigning.copySecret")}
      doneLabel={t("apps.loginSigning.secretDone")}
      testId="signing-secret"
      onClose={onClose}
    />
  );
}

function SigningSecretRow({
  secret,
  onDelete,
}: {
  secret: TSigningSecret;
  onDelete: (secret: TSigningSecret) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <TableRow>
      <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{secret.id}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{format.dateTime(secret.createdAt)}</TableCell>
      <TableCell>
        {secret.expiresAt
          ? t("apps.loginSigning.retiring", { at: format.dateTime(secret.expiresAt) })
          : t("apps.loginSigning.current")}
      </TableCell>
      <TableCell align="right">
        <Button size="small" color="error" onClick={() => onDelete(secret)}>
          {t("apps.loginSigning.delete")}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * The app's secrets for signing its users' login tokens itself: create one, rotate with an overlap, delete, and
 * revoke every token issued before now. A new secret is shown once.
 */
export function LoginSigningCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const secrets = useSigningSecrets(appId);
  const create = useCreateSigningSecret(appId);
  const deleteSecret = useDeleteSigningSecret(appId);
  const revoke = useRevokeLoginTokens();
  const [isRotateOpen, setIsRotateOpen] = useState(false);
  const [created, setCreated] = useState<TCreateSigningSecretResponse | null>(null);
  const [deleting, setDeleting] = useState<TSigningSecret | null>(null);
  const [isRevokeOpen, setIsRevokeOpen] = useState(false);
  const hasSecret = (secrets.data?.length ?? 0) > 0;

  const confirmDelete = () => {
    if (!deleting) return;
    deleteSecret.mutate(
      { appId, secretId: deleting.id },
      {
        onSuccess: () => showSnackbar(t("apps.loginSigning.deleted"), { severity: "success" }),
        onSettled: () => setDeleting(null),
      },
    );
  };

  const confirmRevoke = () => {
    revoke.mutate(
      { appId, body: {} },
      {
        onSuccess: ({ issuedBefore }) =>
          showSnackbar(t("apps.loginSigning.revoked", { at: format.dateTime(issuedBefore) }), {
            severity: "success",
          }),
        onSettled: () => setIsRevokeOpen(false),
      },
    );
  };

  return (
    <Card>
      <CardHeader
        title={t("apps.loginSigning.title")}
        subheader={t("apps.loginSigning.description")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          hasSecret ? (
            <Button startIcon={<AutorenewRounded />} variant="outlined" onClick={() => setIsRotateOpen(true)}>
              {t("apps.loginSigning.rotate")}
            </Button>
          ) : (
            <Button
              startIcon={<AddRounded />}
              variant="outlined"
              loading={create.isPending}
              disabled={!secrets.data}
              onClick={() => create.mutate({ appId, body: {} }, { onSuccess: setCreated })}
            >
              {t("apps.loginSigning.create")}
            </Button>
          )
        }
        sx={{ flexWrap: "wrap", gap: 1, "& .MuiCardHeader-action": { m: 0 } }}
      />
      <Divider />
      {secrets.isPending && (
        <Box sx={{ p: 2 }} aria-busy>
          <Skeleton variant="rounded" height={72} />
        </Box>
      )}
      {secrets.isError && (
        <Box sx={{ m: 2 }}>
          <LoadError error={secrets.error} onRetry={() => void secrets.refetch()} />
        </Box>
      )}
      {secrets.data?.length === 0 && (
        <Box sx={{ p: 3, display: "flex", alignItems: "center", gap: 1.5, color: "text.secondary" }}>
          <KeyRounded />
          <Typography>{t("apps.loginSigning.empty")}</Typography>
        </Box>
      )}
      {hasSecret && secrets.data && (
        <TableRegion label={t("apps.loginSigning.title")} sx={{ position: "relative" }}>
          <Table size="small" aria-label={t("apps.loginSigning.title")} sx={{ minWidth: 480 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("apps.loginSigning.kid")}</TableCell>
                <TableCell>{t("apps.loginSigning.createdAt")}</TableCell>
                <TableCell>{t("apps.loginSigning.status")}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t("common.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {secrets.data.map((secret) => (
                <SigningSecretRow key={secret.id} secret={secret} onDelete={setDeleting} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <Divider />
      <Box sx={{ p: 2, display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {t("apps.loginSigning.revokeDescription")}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setIsRevokeOpen(true)}>
          {t("apps.loginSigning.revokeAll")}
        </Button>
      </Box>
      {isRotateOpen && (
        <RotateDialog
          appId={appId}
          open={isRotateOpen}
          onClose={() => setIsRotateOpen(false)}
          onCreated={(result) => {
            setIsRotateOpen(false);
            setCreated(result);
          }}
        />
      )}
      <SigningSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("apps.loginSigning.deleteTitle")}
        body={t((secrets.data?.length ?? 0) > 1 ? "apps.loginSigning.deleteBody" : "apps.loginSigning.deleteLastBody", {
          kid: deleting?.id ?? "",
        })}
        confirmLabel={t("apps.loginSigning.delete")}
        isPending={deleteSecret.isPending}
        isDestructive
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={isRevokeOpen}
        title={t("apps.loginSigning.revokeTitle")}
        body={t("apps.loginSigning.revokeBody")}
        confirmLabel={t("apps.loginSigning.revokeAll")}
        isPending={revoke.isPending}
        isDestructive
        onConfirm={confirmRevoke}
        onClose={() => setIsRevokeOpen(false)}
      />
    </Card>
  );
}
