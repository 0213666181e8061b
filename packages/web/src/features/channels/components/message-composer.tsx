import SendRounded from "@mui/icons-material/SendRounded";
import { Box, IconButton, TextField, Tooltip } from "@mui/material";
import { MESSAGE_TEXT_MAX } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Admin messages, or a test user's with another `label`: Enter sends, Shift+Enter breaks the line; the text stays
 * if sending fails.
 */
export function MessageComposer({
  onSend,
  disabled = false,
  label,
}: {
  onSend: (text: string) => Promise<boolean>;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [isSending, setIsSending] = useState(false);
  const isTooLong = text.length > MESSAGE_TEXT_MAX;
  const canSend = !disabled && !isSending && text.trim() !== "" && !isTooLong;

  const send = async () => {
    if (!canSend) return;
    setIsSending(true);
    const isSent = await onSend(text);
    setIsSending(false);
    if (isSent) setText("");
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      sx={{ display: "flex", alignItems: "flex-end", gap: 1, p: 1.5, borderTop: 1, borderColor: "divider" }}
    >
      <TextField
        multiline
        maxRows={6}
        size="small"
        label={label ?? t("chat.composerLabel")}
        placeholder={t("chat.composerPlaceholder")}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
        error={isTooLong}
        helperText={isTooLong ? t("VALIDATION_MESSAGE_LENGTH") : undefined}
      />
      <Tooltip title={t("chat.send")}>
        <span>
          <IconButton type="submit" color="primary" aria-label={t("chat.send")} disabled={!canSend} sx={{ mb: 0.25 }}>
            <SendRounded />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
