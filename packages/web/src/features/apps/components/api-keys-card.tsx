import AddRounded from "@mui/icons-material/AddRounded";
import KeyRounded from "@mui/icons-material/KeyRounded";
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Divider,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { API_KEY_LABEL_MAX, type TApiKey, type TCreateApiKeyResponse, zCreateApiKeyRequest } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { TableRegion } from "@/components/table-region";
import { TextFieldDialog } from "@/components/text-field-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCreateApiKey } from "../api/create-api-key";
import { useApiKeys } from "../api/get-api-keys";
import { useRevokeApiKey } from "../api/revoke-api-key";

function CreateApiKeyDialog({
  appId,
  open,
  onClose,
  onCreated,
}: {
  appId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (created: TCreateApiKeyResponse) => void;
}) {
  const { t } = useTranslation();
  const createApiKey = useCreateApiKey(appId, inlineErrors);
  return (
    <TextFieldDialog
      open={open}
      title={t("apps.apiKeys.createTitle")}
      label={t("apps.apiKeys.label")}
      hint={t("apps.apiKeys.labelHint")}
      schema={zCreateApiKeyRequest.shape.label}
      serverField="label"
      defaultValue=""
      validateOn="all"
      fieldProps={{ slotProps: { htmlInput: { maxLength: API_KEY_LABEL_MAX } } }}
      canSubmit={({ isValid }) => isValid}
      submitLabel={t("apps.apiKeys.create")}
      request={(label) => createApiKey.mutateAsync({ appId, body: { label } })}
      onSuccess={onCreated}
      onClose={onClose}
    />
  );
}

/** The one moment the secret is visible: it lives in this dialog's props and nowhere else. */
function ApiKeySecretDialog({ created, onClose }: { created: TCreateApiKeyResponse | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={created?.secret ?? null}
      title={t("apps.apiKeys.secretTitle")}
      warning={t("apps.apiKeys.secretWarning")}
      caption={created?.apiKey.label ?? ""}
      copyLabel={t("apps.apiKeys.copySecret")}
      doneLabel={t("apps.apiKeys.secretDone")}
      testId="api-key-secret"
      onClose={onClose}
    />
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (apiKey: TApiKey) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600, wordBreak: "break-word", minWidth: 120 }}>{apiKey.label}</TableCell>
      <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{`${apiKey.prefix}…`}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{format.dateTime(apiKey.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        {apiKey.lastUsedAt ? format.dateTime(apiKey.lastUsedAt) : t("apps.apiKeys.neverUsed")}
      </TableCell>
      <TableCell align="right">
        <Button size="small" color="error" onClick={() => onRevoke(apiKey)}>
          {t("apps.apiKeys.revoke")}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** API keys of the app: create (secret shown once), list by prefix, revoke. */
export function ApiKeysCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const apiKeys = useApiKeys(appId);
  const revokeApiKey = useRevokeApiKey(appId);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [created, setCreated] = useState<TCreateApiKeyResponse | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revokeApiKey.mutate(
      { appId, keyId: revoking.id },
      {
        onSuccess: () => showSnackbar(t("apps.apiKeys.revoked"), { severity: "success" }),
        onSettled: () => setRevoking(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader
        title={t("apps.apiKeys.title")}
        subheader={t("apps.apiKeys.description")}
        slotProps={{ title: { component: "h2", variant: "h6" } }}
        action={
          <Button startIcon={<AddRounded />} variant="outlined" onClick={() => setIsCreateOpen(true)}>
            {t("apps.apiKeys.create")}
          </Button>
        }
        sx={{ flexWrap: "wrap", gap: 1, "& .MuiCardHeader-action": { m: 0 } }}
      />
      <Divider />
      {apiKeys.isPending && (
        <Box sx={{ p: 2 }} aria-busy>
          <Skeleton variant="rounded" height={96} />
        </Box>
      )}
      {apiKeys.isError && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void apiKeys.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(apiKeys.error)}
        </Alert>
      )}
      {apiKeys.data?.length === 0 && (
        <Box sx={{ p: 3, display: "flex", alignItems: "center", gap: 1.5, color: "text.secondary" }}>
          <KeyRounded />
          <Typography>{t("apps.apiKeys.empty")}</Typography>
        </Box>
      )}
      {apiKeys.data && apiKeys.data.length > 0 && (
        <TableRegion label={t("apps.apiKeys.title")} sx={{ position: "relative" }}>
          <Table size="small" aria-label={t("apps.apiKeys.title")} sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("apps.apiKeys.label")}</TableCell>
                <TableCell>{t("apps.apiKeys.prefix")}</TableCell>
                <TableCell>{t("apps.apiKeys.createdAt")}</TableCell>
                <TableCell>{t("apps.apiKeys.lastUsedAt")}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t("common.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {apiKeys.data.map((apiKey) => (
                <ApiKeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <CreateApiKeyDialog
        appId={appId}
        open={isCreateOpen}
        onClose={() => setIsCreateOpen(false)}
        onCreated={(result) => {
          setIsCreateOpen(false);
          setCreated(result);
        }}
      />
      <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t("apps.apiKeys.revokeTitle")}
        body={t("apps.apiKeys.revokeBody", { label: revoking?.label ?? "" })}
        confirmLabel={t("apps.apiKeys.revoke")}
        isPending={revokeApiKey.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
