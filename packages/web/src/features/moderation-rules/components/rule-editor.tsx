import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import {
  CHANNEL_TYPES,
  MODERATION_ACTIONS,
  MODERATION_CONDITIONS,
  type TChannelType,
  type TModerationAction,
  type TModerationCondition,
  type TModerationConditionKind,
  type TModerationRuleInput,
  zModerationRuleInput,
} from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A new condition of `kind` with values that make sense to start from. */
export function defaultCondition(kind: TModerationConditionKind): TModerationCondition {
  switch (kind) {
    case "keywords":
      return { kind, matchMode: "exact", keywords: [], regexes: [] };
    case "links":
      return { kind, mode: "deny", domains: [] };
    case "repeat":
      return { kind, count: 3, seconds: 60 };
    case "flood":
      return { kind, count: 10, seconds: 10 };
    case "mentions":
      return { kind, max: 5 };
    case "caps":
      return { kind, percent: 70, minLength: 10 };
    case "newUser":
      return { kind, accountMinutes: 60 };
    case "file":
      return { kind, kinds: [] };
  }
}

export const newRule = (): TModerationRuleInput => ({
  name: "",
  enabled: true,
  channelTypes: [],
  condition: defaultCondition("keywords"),
  action: { kind: "block" },
});

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

function NumberField(props: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <TextField
      type="number"
      size="small"
      label={props.label}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
    />
  );
}

function ListField(props: { label: string; value: string[]; onChange: (value: string[]) => void }) {
  const [text, setText] = useState(props.value.join("\n"));
  return (
    <TextField
      multiline
      minRows={3}
      size="small"
      label={props.label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(lines(e.target.value));
      }}
    />
  );
}

/** The fields of one condition: what each kind needs. */
function ConditionFields({
  value,
  onChange,
}: {
  value: TModerationCondition;
  onChange: (c: TModerationCondition) => void;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`moderationRules.field.${key}`);
  switch (value.kind) {
    case "keywords":
      return (
        <>
          <TextField
            select
            size="small"
            label={f("matchMode")}
            value={value.matchMode}
            onChange={(e) => onChange({ ...value, matchMode: e.target.value as "exact" | "contains" })}
          >
            <MenuItem value="exact">{f("exact")}</MenuItem>
            <MenuItem value="contains">{f("contains")}</MenuItem>
          </TextField>
          <ListField
            label={f("keywords")}
            value={value.keywords}
            onChange={(keywords) => onChange({ ...value, keywords })}
          />
          <ListField
            label={f("regexes")}
            value={value.regexes}
            onChange={(regexes) => onChange({ ...value, regexes })}
          />
        </>
      );
    case "links":
      return (
        <>
          <TextField
            select
            size="small"
            label={f("linkMode")}
            value={value.mode}
            onChange={(e) => onChange({ ...value, mode: e.target.value as "allow" | "deny" })}
          >
            <MenuItem value="deny">{f("deny")}</MenuItem>
            <MenuItem value="allow">{f("allow")}</MenuItem>
          </TextField>
          <ListField
            label={f("domains")}
            value={value.domains}
            onChange={(domains) => onChange({ ...value, domains })}
          />
        </>
      );
    case "repeat":
    case "flood":
      return (
        <Stack direction="row" spacing={2}>
          <NumberField
            label={f("count")}
            value={value.count}
            onChange={(count) => onChange({ ...value, count: count ?? 0 })}
          />
          <NumberField
            label={f("seconds")}
            value={value.seconds}
            onChange={(seconds) => onChange({ ...value, seconds: seconds ?? 0 })}
          />
        </Stack>
      );
    case "mentions":
      return (
        <NumberField
          label={f("maxMentions")}
          value={value.max}
          onChange={(max) => onChange({ ...value, max: max ?? 0 })}
        />
      );
    case "caps":
      return (
        <Stack direction="row" spacing={2}>
          <NumberField
            label={f("percent")}
            value={value.percent}
            onChange={(percent) => onChange({ ...value, percent: percent ?? 0 })}
          />
          <NumberField
            label={f("minLength")}
            value={value.minLength}
            onChange={(minLength) => onChange({ ...value, minLength: minLength ?? 0 })}
          />
        </Stack>
      );
    case "newUser":
      return (
        <Stack direction="row" spacing={2}>
          <NumberField
            label={f("accountMinutes")}
            value={value.accountMinutes}
            onChange={(accountMinutes) => onChange(withNumber(value, "accountMinutes", accountMinutes))}
          />
          <NumberField
            label={f("membershipMinutes")}
            value={value.membershipMinutes}
            onChange={(n) => onChange(withNumber(value, "membershipMinutes", n))}
          />
          <NumberField
            label={f("firstMessages")}
            value={value.firstMessages}
            onChange={(n) => onChange(withNumber(value, "firstMessages", n))}
          />
        </Stack>
      );
    case "file":
      return (
        <>
          <ListField label={f("fileKinds")} value={value.kinds} onChange={(kinds) => onChange({ ...value, kinds })} />
          <NumberField
            label={f("maxBytes")}
            value={value.maxBytes}
            onChange={(maxBytes) =>
              onChange({ kind: "file", kinds: value.kinds, ...(maxBytes === undefined ? {} : { maxBytes }) })
            }
          />
        </>
      );
  }
}

/** The new-user condition with one limit set or, when emptied, left out. */
function withNumber<T extends Record<string, unknown>>(value: T, key: string, n: number | undefined): T {
  const { [key]: _, ...rest } = value;
  return (n === undefined ? rest : { ...rest, [key]: n }) as T;
}

function actionOf(kind: TModerationAction["kind"], minutes = 10): TModerationAction {
  return kind === "mute" ? { kind, minutes } : { kind };
}

/** A dialog to write one rule: its name, switch, condition and action. */
/**
 * One rule's form. Besides saving, the rule may be kept as a draft (`onKeepDraft`): the page's tester and replay then
 * try the rules as edited, before anything is saved.
 */
export function RuleEditor(props: {
  initial: TModerationRuleInput;
  isSaving: boolean;
  onSave: (rule: TModerationRuleInput) => void;
  onKeepDraft: (rule: TModerationRuleInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [rule, setRule] = useState(props.initial);
  const checked = zModerationRuleInput.safeParse(rule);
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t("moderationRules.editorTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t("moderationRules.field.name")}
            value={rule.name}
            onChange={(e) => setRule({ ...rule, name: e.target.value })}
          />
          <FormControlLabel
            control={
              <Switch checked={rule.enabled} onChange={(e) => setRule({ ...rule, enabled: e.target.checked })} />
            }
            label={t("moderationRules.field.enabled")}
          />
          <TextField
            select
            size="small"
            label={t("moderationRules.field.channelTypes")}
            helperText={t("moderationRules.field.channelTypesHint")}
            value={rule.channelTypes}
            onChange={(e) => {
              const picked = e.target.value as unknown as TChannelType[];
              setRule({ ...rule, channelTypes: CHANNEL_TYPES.filter((type) => picked.includes(type)) });
            }}
            slotProps={{
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (picked) =>
                  (picked as TChannelType[]).length === 0
                    ? t("moderationRules.field.allChannelTypes")
                    : (picked as TChannelType[]).map((type) => t(`channels.type.${type}`)).join(", "),
              },
              inputLabel: { shrink: true },
            }}
          >
            {CHANNEL_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`channels.type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t("moderationRules.field.condition")}
            value={rule.condition.kind}
            onChange={(e) =>
              setRule({ ...rule, condition: defaultCondition(e.target.value as TModerationConditionKind) })
            }
          >
            {MODERATION_CONDITIONS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`moderationRules.condition.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
          <ConditionFields
            key={rule.condition.kind}
            value={rule.condition}
            onChange={(condition) => setRule({ ...rule, condition })}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 200 }}
              label={t("moderationRules.field.action")}
              value={rule.action.kind}
              onChange={(e) => setRule({ ...rule, action: actionOf(e.target.value as TModerationAction["kind"]) })}
            >
              {MODERATION_ACTIONS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`moderationRules.action.${kind}`)}
                </MenuItem>
              ))}
            </TextField>
            {rule.action.kind === "mute" && (
              <NumberField
                label={t("moderationRules.field.muteMinutes")}
                value={rule.action.minutes}
                onChange={(minutes) => setRule({ ...rule, action: actionOf("mute", minutes ?? 0) })}
              />
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t("moderationRules.cancel")}</Button>
        <Button disabled={!checked.success} onClick={() => checked.success && props.onKeepDraft(checked.data)}>
          {t("moderationRules.draft.keep")}
        </Button>
        <Button
          variant="contained"
          disabled={!checked.success || props.isSaving}
          onClick={() => checked.success && props.onSave(checked.data)}
        >
          {t("moderationRules.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
