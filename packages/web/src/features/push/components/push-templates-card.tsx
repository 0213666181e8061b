import EditNoteRounded from "@mui/icons-material/EditNoteRounded";
import {
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import {
  isTitledPushTemplateKey,
  PUSH_TEMPLATE_KEYS,
  PUSH_TEMPLATE_MAX,
  PUSH_TEMPLATE_VARIABLES,
  type TPushTemplate,
  type TPushTemplateKey,
  unknownPushTemplateVariables,
  zPushTemplateText,
} from "@parley/contract";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { ApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { usePushTemplates } from "../api/get-push-templates";
import { useUpdatePushTemplate } from "../api/update-push-template";
import { insertAt, templateNameKey, variableToken } from "../lib/templates";
import { PushTemplatePreview } from "./push-template-preview";

/** A template as edited: its text, and its title for the templates that have one. */
interface Draft {
  text: string;
  title?: string;
}
type Drafts = Partial<Record<TPushTemplateKey, Draft>>;

const savedDraft = (template: TPushTemplate): Draft =>
  template.title === undefined ? { text: template.text } : { text: template.text, title: template.title };
const defaultDraft = (template: TPushTemplate): Draft =>
  template.defaultTitle === undefined
    ? { text: template.defaultText }
    : { text: template.defaultText, title: template.defaultTitle };
const sameDraft = (a: Draft, b: Draft) => a.text === b.text && (a.title ?? "") === (b.title ?? "");

/** What the template checker says about one field: the first problem, and the variables it does not know. */
function fieldIssues(value: string) {
  return {
    issue: zPushTemplateText.safeParse(value).error?.issues[0]?.message ?? null,
    unknown: unknownPushTemplateVariables(value),
  };
}

/** The i18n key of a variable's description, `sender.profileImageUrl` → `push.variables.senderProfileImageUrl`. */
const variableDescriptionKey = (name: string) =>
  `push.variables.${name.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}`;

function TemplateEditor({
  appId,
  appName,
  template,
  draft,
  onDraftChange,
}: {
  appId: string;
  appName: string;
  template: TPushTemplate;
  draft: Draft;
  onDraftChange: (draft: Draft) => void;
}) {
  const { t, i18n } = useTranslation();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateTemplate = useUpdatePushTemplate(appId, inlineErrors);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  // Variables go into the field last focused: the title's, once it was, else the text's.
  const target = useRef<keyof Draft>("text");
  const pendingCaret = useRef<number | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const name = t(templateNameKey(template.key));
  const hasTitle = isTitledPushTemplateKey(template.key);
  const isDirty = !sameDraft(draft, savedDraft(template));
  const text = fieldIssues(draft.text);
  const title = fieldIssues(draft.title ?? "");
  const hasIssue = text.issue !== null || (hasTitle && title.issue !== null);

  // The caret goes after an inserted variable once React has put the new text in the field.
  useEffect(() => {
    const element = target.current === "title" ? titleInput.current : textarea.current;
    if (pendingCaret.current === null || !element) return;
    element.focus();
    element.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const change = (next: Draft) => {
    setServerErrors({});
    onDraftChange(next);
  };

  const insert = (token: string) => {
    const field = hasTitle ? target.current : "text";
    const element = field === "title" ? titleInput.current : textarea.current;
    const value = draft[field] ?? "";
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const next = insertAt(value, token, start, end);
    pendingCaret.current = next.caret;
    change({ ...draft, [field]: next.text });
  };

  /** A field's helper line: unknown variables first, then the rule it breaks or the server's word, else its length. */
  const helperText = (field: keyof Draft, issues: ReturnType<typeof fieldIssues>, value: string) => {
    const message = issues.issue ?? serverErrors[field] ?? null;
    if (issues.unknown.length > 0) {
      return t("push.templates.unknownVariables", { names: issues.unknown.map((each) => `{{${each}}}`).join(", ") });
    }
    if (message) return t(i18n.exists(message) ? message : "ERROR_300");
    return t("push.templates.length", { length: value.length, max: PUSH_TEMPLATE_MAX });
  };

  const save = () =>
    updateTemplate.mutate(
      {
        appId,
        key: template.key,
        body: hasTitle ? { text: draft.text, title: draft.title ?? "" } : { text: draft.text },
      },
      {
        onSuccess: () => showSnackbar(t("push.templates.saved", { name }), { severity: "success" }),
        onError: (error) => {
          const field = error instanceof ApiError ? error.data?.fields?.[0] : undefined;
          if (field) setServerErrors(field.path === "title" ? { title: field.message } : { text: field.message });
          else showError(error);
        },
      },
    );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        {name}
      </Typography>
      {hasTitle && (
        <Typography variant="body2" color="text.secondary">
          {t(template.key === "message/mention" ? "push.templates.mentionHint" : "push.templates.replyHint")}
        </Typography>
      )}
      {hasTitle && (
        <TextField
          label={t("push.templates.titleField")}
          value={draft.title ?? ""}
          onChange={(event) => change({ ...draft, title: event.target.value })}
          onFocus={() => {
            target.current = "title";
          }}
          inputRef={titleInput}
          error={title.issue !== null || serverErrors.title !== undefined}
          helperText={helperText("title", title, draft.title ?? "")}
        />
      )}
      <TextField
        label={t(hasTitle ? "push.templates.bodyField" : "push.templates.text")}
        value={draft.text}
        onChange={(event) => change({ ...draft, text: event.target.value })}
        onFocus={() => {
          target.current = "text";
        }}
        multiline
        minRows={3}
        inputRef={textarea}
        error={text.issue !== null || serverErrors.text !== undefined}
        helperText={helperText("text", text, draft.text)}
      />
      <Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t("push.templates.variables")}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          {PUSH_TEMPLATE_VARIABLES.map((variable) => {
            const token = variableToken(variable);
            return (
              <Tooltip key={variable} title={t(variableDescriptionKey(variable))}>
                <Chip
                  label={token}
                  size="small"
                  variant="outlined"
                  onClick={() => insert(token)}
                  aria-label={t("push.templates.insert", { token, description: t(variableDescriptionKey(variable)) })}
                  sx={{ fontFamily: "monospace" }}
                />
              </Tooltip>
            );
          })}
        </Box>
      </Box>
      <PushTemplatePreview text={draft.text} {...(hasTitle ? { title: draft.title ?? "" } : {})} appName={appName} />
      <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
        <Button
          variant="text"
          disabled={sameDraft(draft, defaultDraft(template)) || updateTemplate.isPending}
          onClick={() => change(defaultDraft(template))}
        >
          {t("push.templates.restoreDefault")}
        </Button>
        <Button
          variant="text"
          disabled={!isDirty || updateTemplate.isPending}
          onClick={() => change(savedDraft(template))}
        >
          {t("common.discard")}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!isDirty || hasIssue || updateTemplate.isPending}
          loading={updateTemplate.isPending}
        >
          {t("common.save")}
        </Button>
      </Box>
    </Stack>
  );
}

/** The text of each notification (and the title of those with one), edited one at a time with a live preview. */
export function PushTemplatesCard({
  appId,
  appName,
  onDirtyChange,
}: {
  appId: string;
  /** Shown in the preview as phones show it; empty while the app is loading. */
  appName: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const listLabelId = useId();
  const templates = usePushTemplates(appId);
  const [selected, setSelected] = useState<TPushTemplateKey>(PUSH_TEMPLATE_KEYS[0]);
  const [drafts, setDrafts] = useState<Drafts>({});

  // The server sends every template with its default, in the language of the account that owns the app: only
  // it knows that language, and the dashboard's own language may differ.
  const byKey = useMemo(() => new Map(templates.data?.map((template) => [template.key, template])), [templates.data]);
  const listed = PUSH_TEMPLATE_KEYS.flatMap((key) => byKey.get(key) ?? []);

  const isUnsaved = (key: TPushTemplateKey) => {
    const draft = drafts[key];
    const template = byKey.get(key);
    return draft !== undefined && template !== undefined && !sameDraft(draft, savedDraft(template));
  };
  const hasUnsaved = listed.some((template) => isUnsaved(template.key));
  useEffect(() => onDirtyChange(hasUnsaved), [hasUnsaved, onDirtyChange]);

  const current = byKey.get(selected);

  return (
    <SettingsCard
      title={t("push.templates.title")}
      subheader={t("push.templates.description")}
      avatar={<EditNoteRounded color="primary" />}
    >
      {templates.isPending && <Skeleton variant="rounded" height={320} aria-busy />}
      {templates.isError && <LoadError error={templates.error} onRetry={() => void templates.refetch()} />}
      {templates.isSuccess && (
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", md: "minmax(200px, 260px) 1fr" },
            gap: 3,
            alignItems: "start",
          }}
        >
          <Box>
            <Typography id={listLabelId} variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              {t("push.templates.events")}
            </Typography>
            <List
              dense
              aria-labelledby={listLabelId}
              sx={{
                maxHeight: { xs: 240, md: "none" },
                overflowY: "auto",
                border: 1,
                borderColor: "divider",
                borderRadius: 1,
              }}
            >
              {listed.map((template) => {
                const { key } = template;
                const isDefault = sameDraft(savedDraft(template), defaultDraft(template));
                return (
                  // Each button in an item of its own: a list holds items, and a screen reader counts them.
                  <ListItem key={key} disablePadding>
                    <ListItemButton
                      selected={key === selected}
                      aria-current={key === selected ? "true" : undefined}
                      onClick={() => setSelected(key)}
                    >
                      <ListItemText
                        primary={t(templateNameKey(key))}
                        secondary={
                          isUnsaved(key)
                            ? t("push.templates.unsaved")
                            : t(isDefault ? "push.templates.default" : "push.templates.custom")
                        }
                        slotProps={{ secondary: { color: isUnsaved(key) ? "warning.main" : "text.secondary" } }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Box>
          {current && (
            <TemplateEditor
              key={selected}
              appId={appId}
              appName={appName}
              template={current}
              draft={drafts[selected] ?? savedDraft(current)}
              onDraftChange={(draft) => setDrafts((all) => ({ ...all, [selected]: draft }))}
            />
          )}
        </Box>
      )}
    </SettingsCard>
  );
}
