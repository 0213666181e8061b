import AddRounded from "@mui/icons-material/AddRounded";
import CancelRounded from "@mui/icons-material/CancelRounded";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  TextField,
  Typography,
} from "@mui/material";
import { REPORT_EMAILS_MAX, V, VMetrics, zEmail } from "@parley/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { ApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useReportEmails } from "../api/get-report-emails";
import { useUpdateReportEmails } from "../api/update-report-emails";

function sameList(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((email, i) => email === b[i]);
}

function EmailsForm({ saved }: { saved: string[] }) {
  const { t, i18n } = useTranslation();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const update = useUpdateReportEmails(inlineErrors);
  const [emails, setEmails] = useState(saved);
  const [input, setInput] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const isDirty = !sameList(emails, saved);
  const leaveConfirm = useLeaveConfirm(isDirty);

  const add = (event: FormEvent) => {
    event.preventDefault();
    // The same rule the server applies, so what the list shows is what will be saved.
    const parsed = zEmail.safeParse(input);
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? V.email);
      return;
    }
    if (emails.includes(parsed.data)) {
      setInputError("reports.emails.duplicate");
      return;
    }
    if (emails.length >= REPORT_EMAILS_MAX) {
      setInputError(VMetrics.emailCount);
      return;
    }
    setEmails([...emails, parsed.data]);
    setInput("");
    setInputError(null);
  };

  const save = () =>
    update.mutate(
      { emails },
      {
        // The editor remounts from the stored list (its key), which also drops the dirty state.
        onSuccess: () => {
          showSnackbar(t("reports.emails.saved"), { severity: "success" });
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.data?.fields?.[0] : undefined;
          if (field) setInputError(field.message);
          else showError(error);
        },
      },
    );

  return (
    <>
      <CardContent sx={{ display: "grid", gap: 2 }}>
        {emails.length === 0 ? (
          <Typography color="text.secondary">{t("reports.emails.empty")}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t("reports.emails.listLabel")}
            sx={{ display: "flex", flexWrap: "wrap", gap: 1, m: 0, p: 0, listStyle: "none" }}
          >
            {emails.map((email) => (
              <li key={email}>
                <Chip
                  label={email}
                  onDelete={() => setEmails(emails.filter((e) => e !== email))}
                  deleteIcon={<CancelRounded aria-label={t("reports.emails.remove", { email })} />}
                />
              </li>
            ))}
          </Box>
        )}
        <Box component="form" onSubmit={add} noValidate sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
          <TextField
            size="small"
            type="email"
            label={t("reports.emails.address")}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setInputError(null);
            }}
            error={Boolean(inputError)}
            helperText={
              inputError
                ? t(i18n.exists(inputError) ? inputError : "ERROR_300", { max: REPORT_EMAILS_MAX })
                : t("reports.emails.hint", { max: REPORT_EMAILS_MAX })
            }
            sx={{ flex: 1, maxWidth: 420 }}
          />
          <Button type="submit" variant="outlined" startIcon={<AddRounded />} disabled={!input.trim()}>
            {t("reports.emails.add")}
          </Button>
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end", px: 2, pb: 2 }}>
        <Button variant="contained" onClick={save} disabled={!isDirty} loading={update.isPending}>
          {t("common.save")}
        </Button>
      </CardActions>
      {leaveConfirm}
    </>
  );
}

/** The addresses that receive the daily usage report mail (`GET/PUT metrics/emails`). */
export function ReportEmailsEditor() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const emails = useReportEmails();
  return (
    <Card variant="outlined">
      <CardHeader title={t("reports.emails.title")} subheader={t("reports.emails.description")} />
      {emails.isPending && <Skeleton variant="rectangular" height={96} aria-busy />}
      {emails.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(emails.error)}
        </Alert>
      )}
      {emails.data && <EmailsForm key={emails.data.join(",")} saved={emails.data} />}
    </Card>
  );
}
