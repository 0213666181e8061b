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

type Drafts = Partial<Record<TPushTemplateKey, string>>;

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
  draft: string;
  onDraftChange: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateTemplate = useUpdatePushTemplate(appId, inlineErrors);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const name = t(templateNameKey(template.key));
  const isDirty = draft !== template.text;
  const issue = zPushTemplateText.safeParse(draft).error?.issues[0]?.message ?? null;
  const unknownVariables = unknownPushTemplateVariables(draft);
  const fieldMessage = issue ?? serverError;

  // The caret goes after an inserted variable once React has put the new text in the textarea.
  useEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.focus();
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const change = (text: string) => {
    setServerError(null);
    onDraftChange(text);
  };

  const insert = (token: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? draft.length;
    const end = element?.selectionEnd ?? start;
    const next = insertAt(draft, token, start, end);
    pendingCaret.current = next.caret;
    change(next.text);
  };

  const save = () =>
    updateTemplate.mutate(
      { appId, key: template.key, body: { text: draft } },
      {
        onSuccess: () => showSnackbar(t("push.templates.saved", { name }), { severity: "success" }),
        onError: (error) => {
          const field = error instanceof ApiError ? error.data?.fields?.[0] : undefined;
          if (field) setServerError(field.message);
          else showError(error);
        },
      },
    );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        {name}
      </Typography>
      <TextField
        label={t("push.templates.text")}
        value={draft}
        onChange={(event) => change(event.target.value)}
        multiline
        minRows={3}
        inputRef={textarea}
        error={fieldMessage !== null}
        helperText={
          unknownVariables.length > 0
            ? t("push.templates.unknownVariables", {
                names: unknownVariables.map((name) => `{{${name}}}`).join(", "),
              })
            : fieldMessage
              ? t(i18n.exists(fieldMessage) ? fieldMessage : "ERROR_300")
              : t("push.templates.length", { length: draft.length, max: PUSH_TEMPLATE_MAX })
        }
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
      <PushTemplatePreview text={draft} appName={appName} />
      <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
        <Button
          variant="text"
          disabled={draft === template.defaultText || updateTemplate.isPending}
          onClick={() => change(template.defaultText)}
        >
          {t("push.templates.restoreDefault")}
        </Button>
        <Button variant="text" disabled={!isDirty || updateTemplate.isPending} onClick={() => change(template.text)}>
          {t("common.discard")}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!isDirty || issue !== null || updateTemplate.isPending}
          loading={updateTemplate.isPending}
        >
          {t("common.save")}
        </Button>
      </Box>
    </Stack>
  );
}

/** The text of each of the eleven notifications, edited one at a time with a live preview. */
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

  const isUnsaved = (key: TPushTemplateKey) => drafts[key] !== undefined && drafts[key] !== byKey.get(key)?.text;
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
              {listed.map(({ key, text, defaultText }) => (
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
                          : t(text === defaultText ? "push.templates.default" : "push.templates.custom")
                      }
                      slotProps={{ secondary: { color: isUnsaved(key) ? "warning.main" : "text.secondary" } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Box>
          {current && (
            <TemplateEditor
              key={selected}
              appId={appId}
              appName={appName}
              template={current}
              draft={drafts[selected] ?? current.text}
              onDraftChange={(text) => setDrafts((all) => ({ ...all, [selected]: text }))}
            />
          )}
        </Box>
      )}
    </SettingsCard>
  );
}
