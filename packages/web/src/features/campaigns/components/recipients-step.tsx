import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import {
  CAMPAIGN_CSV_HEADER,
  CAMPAIGN_CSV_MAX_BYTES,
  CAMPAIGN_RECIPIENTS_MAX,
  EXCLUSION_REASONS,
  type TCampaign,
  type TCampaignRecipients,
} from "@parley/contract";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FactRow } from "@/components/fact-row";
import { visuallyHidden } from "@/components/visually-hidden";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { isApiError } from "@/lib/api-client";
import { useDownloadExcludedRecipients } from "../api/download-excluded-recipients";
import type { UploadProgress } from "../lib/upload-with-progress";

/** Why the server could not read a file (3055's `data.reason`); the screen says each in its own words. */
const UNREADABLE_REASONS = ["empty", "size", "rows", "encoding"] as const;
type UnreadableReason = (typeof UNREADABLE_REASONS)[number];

function isUnreadableReason(reason: unknown): reason is UnreadableReason {
  return UNREADABLE_REASONS.includes(reason as UnreadableReason);
}

const CSV_MAX_MEGABYTES = CAMPAIGN_CSV_MAX_BYTES / 1024 / 1024;

type UploadProblem = { reason: UnreadableReason } | { error: unknown };

export function excludedCount(recipients: TCampaignRecipients) {
  return EXCLUSION_REASONS.reduce((sum, reason) => sum + recipients.excluded[reason], 0);
}

/** The counts of the file as the server read it: rows, who receives the message, and who was left out and why. */
export function RecipientCounts({ appId, campaign }: { appId: string; campaign: TCampaign }) {
  const { t } = useTranslation();
  const format = useFormat();
  const download = useDownloadExcludedRecipients();
  const { recipients } = campaign;
  const excluded = excludedCount(recipients);
  return (
    <Stack spacing={1.5}>
      <Box component="dl" sx={{ m: 0, display: "grid", gap: 1 }} data-testid="recipient-counts">
        {recipients.fileName && <FactRow label={t("campaigns.recipients.file")}>{recipients.fileName}</FactRow>}
        {recipients.uploadedAt && (
          <FactRow label={t("campaigns.recipients.uploadedAt")}>{format.dateTime(recipients.uploadedAt)}</FactRow>
        )}
        <FactRow label={t("campaigns.recipients.total")}>{format.number(recipients.total)}</FactRow>
        <FactRow label={t("campaigns.recipients.valid")}>{format.number(recipients.valid)}</FactRow>
        <FactRow label={t("campaigns.recipients.excluded")}>
          {format.number(excluded)}
          {excluded > 0 &&
            ` (${EXCLUSION_REASONS.map((reason) =>
              t(`campaigns.recipients.reasons.${reason}`, { number: format.number(recipients.excluded[reason]) }),
            ).join(", ")})`}
        </FactRow>
      </Box>
      {excluded > 0 && (
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadRounded />}
            loading={download.isPending}
            onClick={() => download.mutate({ appId, campaignId: campaign.id })}
          >
            {t("campaigns.recipients.downloadExcluded")}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * Step 2: the recipient file. Uploading needs a saved draft, which `onUpload` makes first when there is none; the
 * bar follows the upload, then waits while the server reads the file.
 */
export function RecipientsStep({
  appId,
  campaign,
  isMissing,
  onUpload,
}: {
  appId: string;
  campaign: TCampaign | undefined;
  /** A Next or Confirm found no recipient: say so until a file with some arrives. */
  isMissing: boolean;
  /** Saves the draft when needed and uploads; null when the form must be fixed first. */
  onUpload: (file: File, onProgress: UploadProgress) => Promise<TCampaign | null>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const isUploading = progress !== null;
  const hasFile = Boolean(campaign && (campaign.recipients.uploadedAt || campaign.recipients.total > 0));

  const upload = async (file: File) => {
    setProblem(null);
    // Files the server would refuse unread are refused here, without sending megabytes first.
    if (file.size === 0) return setProblem({ reason: "empty" });
    if (file.size > CAMPAIGN_CSV_MAX_BYTES) return setProblem({ reason: "size" });
    setProgress(0);
    try {
      await onUpload(file, setProgress);
    } catch (error) {
      const reason = isApiError(error, "3055") ? error.data?.reason : undefined;
      setProblem(isUnreadableReason(reason) ? { reason } : { error });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t("campaigns.recipients.guideTitle")}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: "text.secondary", typography: "body2" }}>
          <li>{t("campaigns.recipients.guideColumn")}</li>
          <li>{t("campaigns.recipients.guideHeader", { header: CAMPAIGN_CSV_HEADER })}</li>
          <li>{t("campaigns.recipients.guideEncoding")}</li>
          <li>
            {t("campaigns.recipients.guideLimits", {
              rows: format.number(CAMPAIGN_RECIPIENTS_MAX),
              megabytes: format.number(CSV_MAX_MEGABYTES),
            })}
          </li>
          <li>{t("campaigns.recipients.guideExcluded")}</li>
        </Box>
      </Box>
      <Box>
        <Box
          component="input"
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          sx={visuallyHidden}
          disabled={isUploading}
          data-testid="recipients-file"
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again, after fixing it, uploads it again.
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant={hasFile ? "outlined" : "contained"}
          startIcon={<UploadFileRounded />}
          disabled={isUploading}
        >
          {t(hasFile ? "campaigns.recipients.replace" : "campaigns.recipients.upload")}
        </Button>
      </Box>
      {isUploading && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {progress < 1
              ? t("campaigns.recipients.uploading", { percent: Math.round(progress * 100) })
              : t("campaigns.recipients.reading")}
          </Typography>
          <LinearProgress
            variant={progress < 1 ? "determinate" : "indeterminate"}
            value={progress * 100}
            aria-label={t("campaigns.recipients.progress")}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </Box>
      )}
      {problem && (
        <Alert severity="error">
          {"reason" in problem
            ? t(`campaigns.recipients.unreadable.${problem.reason}`, {
                rows: format.number(CAMPAIGN_RECIPIENTS_MAX),
                megabytes: format.number(CSV_MAX_MEGABYTES),
              })
            : errorText(problem.error)}
        </Alert>
      )}
      {isMissing && !isUploading && (campaign?.recipients.valid ?? 0) === 0 && (
        <Alert severity="warning">{t("campaigns.form.recipientsRequired")}</Alert>
      )}
      {campaign && hasFile && (
        <Card variant="outlined">
          <CardContent>
            <RecipientCounts appId={appId} campaign={campaign} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
