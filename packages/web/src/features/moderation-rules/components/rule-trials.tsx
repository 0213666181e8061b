import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import {
  MODERATION_ACTIONS,
  MODERATION_REPLAY_MAX,
  type TModerationOutcome,
  type TModerationRuleInput,
} from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "@/components/settings-card";
import { useReplayModerationRules, useTestModerationRules } from "../api/try-rules";

/** What the rules would do, in a sentence per rule that fired. */
function OutcomeView({ outcome }: { outcome: TModerationOutcome }) {
  const { t } = useTranslation();
  if (outcome.fired.length === 0) return <Alert severity="success">{t("moderationRules.test.nothing")}</Alert>;
  const refused = outcome.refusedBy !== null;
  return (
    <Alert severity={refused ? "error" : "warning"} aria-label={t("moderationRules.test.result")}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {refused ? t("moderationRules.test.refused") : t("moderationRules.test.sent", { text: outcome.text })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {outcome.fired.map((firing) => (
          <li key={firing.index}>
            {t("moderationRules.test.fired", {
              name: firing.name,
              action: t(`moderationRules.action.${firing.action.kind}`),
              matched: firing.matched.join(", "),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** Which rules a trial runs: the saved ones, or the set as edited when there is a draft (`draft`), said so. */
function TrialScope({ draft }: { draft: TModerationRuleInput[] | undefined }) {
  const { t } = useTranslation();
  return draft ? (
    <Alert severity="info" data-testid="trial-scope">
      {t("moderationRules.draft.trying")}
    </Alert>
  ) : (
    <Typography variant="body2" color="text.secondary" data-testid="trial-scope">
      {t("moderationRules.draft.tryingSaved")}
    </Typography>
  );
}

/** The tester: a sample text tried as a user in a channel against the saved rules, or the draft set. */
export function RuleTester({ appId, draft }: { appId: string; draft?: TModerationRuleInput[] | undefined }) {
  const { t } = useTranslation();
  const test = useTestModerationRules(appId);
  const [text, setText] = useState("");
  const [userId, setUserId] = useState("");
  const [channelId, setChannelId] = useState("");
  return (
    <SettingsCard title={t("moderationRules.test.title")}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t("moderationRules.test.description")}
        </Typography>
        <TrialScope draft={draft} />
        <TextField
          size="small"
          label={t("moderationRules.test.text")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            size="small"
            sx={{ flex: 1, minWidth: 0 }}
            label={t("moderationRules.test.userId")}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
          />
          <TextField
            size="small"
            sx={{ flex: 2, minWidth: 0 }}
            label={t("moderationRules.test.channelId")}
            value={channelId}
            onChange={(e) => setChannelId(e.target.value)}
          />
        </Stack>
        <Box>
          <Button
            variant="outlined"
            disabled={!userId || !channelId || test.isPending}
            onClick={() =>
              test.mutate({
                text,
                userId: userId.trim(),
                channelId: channelId.trim(),
                ...(draft ? { rules: draft } : {}),
              })
            }
          >
            {t("moderationRules.test.run")}
          </Button>
        </Box>
        {test.data && <OutcomeView outcome={test.data} />}
      </Stack>
    </SettingsCard>
  );
}

/** The replay: the saved rules, or the draft set, over the app's last messages, counted per rule and per action. */
export function RuleReplay({ appId, draft }: { appId: string; draft?: TModerationRuleInput[] | undefined }) {
  const { t } = useTranslation();
  const replay = useReplayModerationRules(appId);
  const [limit, setLimit] = useState(200);
  const result = replay.data;
  return (
    <SettingsCard title={t("moderationRules.replay.title")}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t("moderationRules.replay.description", { max: MODERATION_REPLAY_MAX })}
        </Typography>
        <TrialScope draft={draft} />
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <TextField
            type="number"
            size="small"
            sx={{ width: 180, flexShrink: 0 }}
            label={t("moderationRules.replay.limit")}
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value))}
            slotProps={{ htmlInput: { min: 1, max: MODERATION_REPLAY_MAX } }}
          />
          <Button
            variant="outlined"
            sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
            disabled={limit < 1 || limit > MODERATION_REPLAY_MAX || replay.isPending}
            onClick={() => replay.mutate({ limit, ...(draft ? { rules: draft } : {}) })}
          >
            {t("moderationRules.replay.run")}
          </Button>
        </Stack>
        {result && (
          <Box aria-label={t("moderationRules.replay.result")} role="region">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t("moderationRules.replay.scanned", { count: result.scanned })}
            </Typography>
            <Box component="ul" sx={{ my: 1, pl: 2 }}>
              {result.perRule.map((rule) => (
                <li key={rule.index}>{t("moderationRules.replay.perRule", { name: rule.name, count: rule.hits })}</li>
              ))}
            </Box>
            <Typography variant="body2">
              {MODERATION_ACTIONS.map((a) => `${t(`moderationRules.action.${a}`)} ${result.perAction[a] ?? 0}`).join(
                " · ",
              )}
            </Typography>
            <Box component="ul" sx={{ my: 1, pl: 2 }}>
              {result.sample.map((s) => (
                <li key={s.messageId}>
                  <Typography variant="body2" component="span">
                    {s.senderId}: {s.text} → {s.outcome.fired.map((f) => f.name).join(", ")}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </SettingsCard>
  );
}
