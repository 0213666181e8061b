import OpenInNewRounded from "@mui/icons-material/OpenInNewRounded";
import SearchRounded from "@mui/icons-material/SearchRounded";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { TAppMessageSearchResult } from "@parley/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "@/components/page-header";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useMessageSearch } from "../api/search-messages";
import {
  dayRange,
  emptySearchForm,
  filtersOf,
  highlightedParts,
  isChannelIdValid,
  queryProblem,
  type SearchForm,
} from "../lib/search-form";

/** A message's text with the matches marked. */
function HighlightedText({ result }: { result: TAppMessageSearchResult }) {
  return (
    <Typography variant="body1" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
      {highlightedParts(result.message.text, result.highlights).map((part, index) =>
        part.isMatch ? (
          <Box
            // The parts of one text never change order, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            component="mark"
            sx={{ bgcolor: "warning.light", color: "text.primary", borderRadius: 0.5, px: 0.25 }}
          >
            {part.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

function ResultCard({
  result,
  contextHref,
  onChannelFilter,
}: {
  result: TAppMessageSearchResult;
  contextHref: string;
  onChannelFilter: (channelId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { message, channel } = result;
  const sender = message.sender ? `${message.sender.nickname} (${message.sender.userId})` : t("messageSearch.admin");
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }} data-testid="search-result">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Chip
          size="small"
          label={`# ${channel.name || channel.id}`}
          onClick={() => onChannelFilter(channel.id)}
          aria-label={t("messageSearch.filterByChannel", { name: channel.name || channel.id })}
        />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {sender}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("messageSearch.seq", { seq: message.seq })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {format.dateTime(message.createdAt)}
        </Typography>
      </Stack>
      <HighlightedText result={result} />
      <Box sx={{ mt: 1 }}>
        <Link component={RouterLink} to={contextHref} variant="body2" sx={{ display: "inline-flex", gap: 0.5 }}>
          {t("messageSearch.openInContext")}
          <OpenInNewRounded fontSize="inherit" sx={{ alignSelf: "center" }} />
        </Link>
      </Box>
    </Paper>
  );
}

/**
 * `/apps/:id/search`: the app's messages found by text (Korean inside words, English in any case), filtered by
 * channel, sender and days, newest first; each result opens the channel at the message (`contextHref`).
 */
export function MessageSearch({
  appId,
  contextHref,
}: {
  appId: string;
  contextHref: (channelId: string, seq: number) => string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, setForm] = useState<SearchForm>(emptySearchForm);
  const [applied, setApplied] = useState<SearchForm | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const filters = applied ? filtersOf(applied) : null;
  const search = useMessageSearch(appId, filters);
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];

  const problem = queryProblem(form.q);
  const isRangeValid = dayRange(form.from, form.to) !== null;
  const isChannelValid = isChannelIdValid(form.channelId);
  const set = (field: keyof SearchForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (filtersOf(form)) setApplied(form);
  };
  const filterByChannel = (channelId: string) => {
    const next = { ...(applied ?? form), channelId };
    setForm(next);
    setApplied(next);
  };

  const dateField = {
    type: "date",
    size: "small",
    fullWidth: false,
    slotProps: { inputLabel: { shrink: true } },
    sx: { width: { xs: "100%", sm: 170 } },
  } as const;
  return (
    <>
      <PageHeader title={t("pages.messageSearch")} description={t("messageSearch.description")} />
      <Paper
        component="form"
        role="search"
        aria-label={t("messageSearch.formLabel")}
        variant="outlined"
        onSubmit={submit}
        noValidate
        sx={{ p: 2, mb: 3 }}
      >
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            label={t("messageSearch.query")}
            value={form.q}
            onChange={set("q")}
            size="small"
            fullWidth
            autoFocus
            error={isSubmitted && problem !== null}
            helperText={isSubmitted && problem ? t(`ERROR_${problem}`) : t("messageSearch.queryHint")}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchRounded />}
            sx={{ flex: "0 0 auto", minHeight: 40 }}
          >
            {t("messageSearch.submit")}
          </Button>
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: "wrap" }}>
          <TextField
            label={t("messageSearch.channelId")}
            value={form.channelId}
            onChange={set("channelId")}
            size="small"
            error={!isChannelValid}
            helperText={isChannelValid ? undefined : t("messageSearch.channelIdInvalid")}
            sx={{ width: { xs: "100%", sm: 320 } }}
          />
          <TextField
            label={t("messageSearch.userId")}
            value={form.userId}
            onChange={set("userId")}
            size="small"
            sx={{ width: { xs: "100%", sm: 200 } }}
          />
          <TextField
            {...dateField}
            label={t("messageSearch.from")}
            value={form.from}
            onChange={set("from")}
            error={!isRangeValid}
          />
          <TextField
            {...dateField}
            label={t("messageSearch.to")}
            value={form.to}
            onChange={set("to")}
            error={!isRangeValid}
            helperText={isRangeValid ? undefined : t("messageSearch.invalidRange")}
          />
        </Stack>
      </Paper>

      {filters === null ? (
        <Typography color="text.secondary">{t("messageSearch.start")}</Typography>
      ) : search.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={t("messageSearch.loading")}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : search.isError && results.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void search.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(search.error)}
        </Alert>
      ) : results.length === 0 ? (
        <Typography color="text.secondary">{t("messageSearch.empty", { q: filters.q })}</Typography>
      ) : (
        <>
          <Box component="ul" aria-label={t("messageSearch.results")} sx={{ p: 0, m: 0, display: "grid", gap: 1.5 }}>
            {results.map((result) => (
              <ResultCard
                key={result.message.id}
                result={result}
                contextHref={contextHref(result.channel.id, result.message.seq)}
                onChannelFilter={filterByChannel}
              />
            ))}
          </Box>
          {search.hasNextPage && (
            <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => void search.fetchNextPage()}
                disabled={search.isFetchingNextPage}
                startIcon={search.isFetchingNextPage ? <CircularProgress size={14} /> : undefined}
              >
                {t("messageSearch.more")}
              </Button>
            </Box>
          )}
        </>
      )}
    </>
  );
}
