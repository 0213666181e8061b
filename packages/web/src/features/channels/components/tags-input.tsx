import { Box, Button, Chip, Stack, TextField } from "@mui/material";
import { TAG_MAX_LENGTH, TAGS_MAX, zTag, zTags } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Tags as chips: Enter or Add checks the new tag against the shared rules (length, count, duplicates)
 * before it joins the list, so the list itself is always valid.
 */
export function TagsInput({
  tags,
  onAdd,
  onRemove,
  disabled = false,
  error,
}: {
  tags: string[];
  onAdd: (tag: string) => void;
  onRemove: (tag: string) => void;
  disabled?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const tag = zTag.safeParse(draft);
    if (!tag.success) {
      setProblem(tag.error.issues[0]?.message ?? "VALIDATION_TAG_LENGTH");
      return;
    }
    const next = zTags.safeParse([...tags, tag.data]);
    if (!next.success) {
      setProblem(next.error.issues[0]?.message ?? "VALIDATION_TAG_COUNT");
      return;
    }
    onAdd(tag.data);
    setDraft("");
    setProblem(null);
  };

  const message = problem ? t(problem) : error;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          label={t("channels.fields.tags")}
          size="small"
          value={draft}
          disabled={disabled || tags.length >= TAGS_MAX}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add();
            }
          }}
          error={Boolean(message)}
          helperText={message ?? t("channels.form.tagsHint", { length: TAG_MAX_LENGTH, count: TAGS_MAX })}
          slotProps={{ htmlInput: { maxLength: TAG_MAX_LENGTH + 5 } }}
        />
        <Button variant="outlined" onClick={add} disabled={disabled || !draft.trim()} sx={{ flexShrink: 0, mt: 0.25 }}>
          {t("channels.form.addTag")}
        </Button>
      </Stack>
      {tags.length > 0 && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, mt: 1 }} aria-label={t("channels.fields.tags")}>
          {tags.map((tag) => (
            <Chip key={tag} label={tag} size="small" onDelete={disabled ? undefined : () => onRemove(tag)} />
          ))}
        </Box>
      )}
    </Box>
  );
}
