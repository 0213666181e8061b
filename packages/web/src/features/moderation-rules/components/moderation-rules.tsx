import ArrowDownwardRounded from "@mui/icons-material/ArrowDownwardRounded";
import ArrowUpwardRounded from "@mui/icons-material/ArrowUpwardRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import {
  Alert,
  Box,
  Button,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { MODERATION_RULES_MAX, type TModerationRule, type TModerationRuleInput } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FeatureSwitch } from "@/components/feature-switch";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { moderationRulesEnabledQueryOptions, saveModerationRulesEnabled, useModerationRules } from "../api/get-rules";
import { useDeleteModerationRule, useReorderModerationRules, useSaveModerationRule } from "../api/save-rule";
import { newRule, RuleEditor } from "./rule-editor";
import { RuleReplay, RuleTester } from "./rule-trials";

const inputOf = ({ name, enabled, channelTypes, condition, action }: TModerationRule): TModerationRuleInput => ({
  name,
  enabled,
  channelTypes,
  condition,
  action,
});

/** The saved rules in order with the draft in its rule's place, or last when it is a new rule. */
function withDraft(saved: TModerationRule[], draft: { rule: TModerationRuleInput; id?: string }) {
  const set = saved.map((rule) => (rule.id === draft.id ? draft.rule : inputOf(rule)));
  return draft.id && saved.some((rule) => rule.id === draft.id) ? set : [...set, draft.rule];
}

/** `/apps/:id/moderation-rules`: the engine's switch, the rules in order with their hits, the tester and the replay. */
export function ModerationRules({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const rules = useModerationRules(appId);
  const save = useSaveModerationRule(appId);
  const remove = useDeleteModerationRule(appId);
  const reorder = useReorderModerationRules(appId);
  const [editing, setEditing] = useState<{ rule: TModerationRuleInput; id?: string } | null>(null);
  // A rule edited but not saved: the tester and the replay try the rules with it, so a change is tried first.
  const [draft, setDraft] = useState<{ rule: TModerationRuleInput; id?: string } | null>(null);
  const draftSet = draft && rules.data ? withDraft(rules.data, draft) : undefined;

  const move = (list: TModerationRule[], index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    if (moved) ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };

  return (
    <>
      <PageHeader title={t("pages.moderationRules")} description={t("moderationRules.description")} />
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        <SettingsCard>
          <FeatureSwitch
            query={moderationRulesEnabledQueryOptions(appId)}
            save={(enabled) => saveModerationRulesEnabled(appId, enabled)}
            label={t("moderationRules.enabled")}
            turnedOn={t("moderationRules.turnedOn")}
            turnedOff={t("moderationRules.turnedOff")}
          />
        </SettingsCard>
        <SettingsCard title={t("moderationRules.listTitle")}>
          {rules.isPending && <Skeleton variant="rounded" height={160} aria-busy />}
          {rules.isError && <LoadError error={rules.error} onRetry={() => void rules.refetch()} />}
          {rules.data && (
            <Stack spacing={2}>
              {rules.data.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t("moderationRules.empty")}
                </Typography>
              ) : (
                <Table size="small" aria-label={t("moderationRules.listTitle")}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t("moderationRules.column.order")}</TableCell>
                      <TableCell>{t("moderationRules.column.name")}</TableCell>
                      <TableCell>{t("moderationRules.column.condition")}</TableCell>
                      <TableCell>{t("moderationRules.column.action")}</TableCell>
                      <TableCell align="right">{t("moderationRules.column.hits")}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rules.data.map((rule, index, list) => (
                      <TableRow key={rule.id} sx={{ opacity: rule.enabled ? 1 : 0.6 }}>
                        <TableCell>{index + 1}</TableCell>
                        <TableCell>
                          {rule.name}
                          {!rule.enabled && ` (${t("moderationRules.off")})`}
                        </TableCell>
                        <TableCell>{t(`moderationRules.condition.${rule.condition.kind}`)}</TableCell>
                        <TableCell>{t(`moderationRules.action.${rule.action.kind}`)}</TableCell>
                        <TableCell align="right">{rule.hits.toLocaleString()}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                          <IconButton
                            size="small"
                            aria-label={t("moderationRules.moveUp", { name: rule.name })}
                            disabled={index === 0 || reorder.isPending}
                            onClick={() => move(list, index, -1)}
                          >
                            <ArrowUpwardRounded fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t("moderationRules.moveDown", { name: rule.name })}
                            disabled={index === list.length - 1 || reorder.isPending}
                            onClick={() => move(list, index, 1)}
                          >
                            <ArrowDownwardRounded fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t("moderationRules.edit", { name: rule.name })}
                            onClick={() => setEditing({ rule: inputOf(rule), id: rule.id })}
                          >
                            <EditRounded fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t("moderationRules.delete", { name: rule.name })}
                            disabled={remove.isPending}
                            onClick={() => remove.mutate(rule.id)}
                          >
                            <DeleteOutlineRounded fontSize="small" />
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Box>
                <Button
                  variant="contained"
                  disabled={rules.data.length >= MODERATION_RULES_MAX}
                  onClick={() => setEditing({ rule: newRule() })}
                >
                  {t("moderationRules.add")}
                </Button>
              </Box>
            </Stack>
          )}
        </SettingsCard>
        {draft && (
          <Alert
            severity="warning"
            aria-label={t("moderationRules.draft.title")}
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" size="small" onClick={() => setEditing(draft)}>
                  {t("moderationRules.draft.edit")}
                </Button>
                <Button color="inherit" size="small" onClick={() => setDraft(null)}>
                  {t("moderationRules.draft.discard")}
                </Button>
                <Button
                  color="inherit"
                  size="small"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { rule: draft.rule, ...(draft.id ? { ruleId: draft.id } : {}) },
                      { onSuccess: () => setDraft(null) },
                    )
                  }
                >
                  {t("moderationRules.save")}
                </Button>
              </Stack>
            }
          >
            {t("moderationRules.draft.unsaved", { name: draft.rule.name })}
          </Alert>
        )}
        <RuleTester appId={appId} draft={draftSet} />
        <RuleReplay appId={appId} draft={draftSet} />
      </Stack>
      {editing && (
        <RuleEditor
          initial={editing.rule}
          isSaving={save.isPending}
          onClose={() => setEditing(null)}
          onKeepDraft={(rule) => {
            setDraft({ rule, ...(editing.id ? { id: editing.id } : {}) });
            setEditing(null);
          }}
          onSave={(rule) =>
            save.mutate(
              { rule, ...(editing.id ? { ruleId: editing.id } : {}) },
              {
                onSuccess: () => {
                  setEditing(null);
                  setDraft(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
