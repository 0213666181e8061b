import ForumRounded from "@mui/icons-material/ForumRounded";
import VisibilityOffRounded from "@mui/icons-material/VisibilityOffRounded";
import { Box, Button, Chip, Tooltip, Typography } from "@mui/material";
import type { TMessage } from "@parley/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "@/components/visually-hidden";
import { useFormat } from "@/hooks/use-format";

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The message's text with each mention of a mentioned user (`@userId`, as clients write them) marked. A custom
 * message's text is its data: JSON is laid out to read, anything else shown as it is.
 */
export function MessageText({ message }: { message: TMessage }) {
  const { t } = useTranslation();
  if (!message.text) return null;
  if (message.type === "custom") {
    let data = message.text;
    try {
      data = JSON.stringify(JSON.parse(message.text), null, 2);
    } catch {
      // Not JSON: the app's own format, shown as sent.
    }
    return (
      <Box
        component="pre"
        aria-label={t("chat.customData")}
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          borderRadius: 1.5,
          bgcolor: "grey.100",
          fontFamily: "monospace",
          fontSize: "0.75rem",
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
        }}
      >
        {data}
      </Box>
    );
  }
  const mentioned = message.mentionedUserIds ?? [];
  let parts: ReactNode[] = [message.text];
  if (mentioned.length > 0) {
    const pattern = new RegExp(`(@(?:${mentioned.map(escapeRegExp).join("|")}))(?![A-Za-z0-9_\\-.@:])`, "g");
    parts = message.text.split(pattern).map((part, index) =>
      index % 2 === 1 ? (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          key={index}
          component="mark"
          sx={{ bgcolor: "rgba(63, 81, 181, 0.12)", color: "primary.dark", borderRadius: 0.5, px: 0.25 }}
        >
          {part}
        </Box>
      ) : (
        part
      ),
    );
  }
  return (
    <Typography
      variant="body2"
      sx={{
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        mt: 0.25,
        ...(message.type === "hidden" ? { color: "text.secondary", fontStyle: "italic" } : {}),
      }}
    >
      {parts}
    </Typography>
  );
}

/** Labels beside the sender: a custom message's kind, a hidden or shadowed message, the edited mark. */
export function MessageLabels({ message }: { message: TMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const small = { height: 18, fontSize: "0.7rem" };
  return (
    <>
      {message.type === "custom" && (
        <Chip
          size="small"
          color="secondary"
          variant="outlined"
          label={t("chat.customType", { type: message.customType ?? "" })}
          sx={small}
        />
      )}
      {message.type === "hidden" && (
        <Tooltip title={t("chat.hiddenHint")} describeChild>
          <Chip
            size="small"
            icon={<VisibilityOffRounded />}
            label={t("chat.hidden")}
            sx={{ ...small, "& .MuiChip-icon": { fontSize: "0.85rem" } }}
          />
        </Tooltip>
      )}
      {message.shadowed && (
        <Tooltip title={t("chat.shadowedHint")} describeChild>
          <Chip size="small" color="warning" variant="outlined" label={t("chat.shadowed")} sx={small} />
        </Tooltip>
      )}
      {message.editedAt && (
        <Tooltip title={t("chat.editedAt", { time: format.dateTime(message.editedAt) })} describeChild>
          <Typography variant="caption" color="text.secondary" data-testid="edited-mark">
            {t("chat.edited")}
            {/* The time the tooltip shows on hover, for screen readers too. */}
            <Box component="time" dateTime={message.editedAt} sx={visuallyHidden}>
              {` ${t("chat.editedAt", { time: format.dateTime(message.editedAt) })}`}
            </Box>
          </Typography>
        </Tooltip>
      )}
    </>
  );
}

/** Who the message mentions, by user ID, when it mentions anyone. */
export function MentionsLine({ message }: { message: TMessage }) {
  const { t } = useTranslation();
  const mentioned = message.mentionedUserIds ?? [];
  if (mentioned.length === 0) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
      {t("chat.mentions", { names: mentioned.map((id) => `@${id}`).join(", ") })}
    </Typography>
  );
}

/**
 * A message's reactions with their counts. With `onRemove`, each is a button that removes that reaction for
 * everyone who added it (after the caller confirms).
 */
export function ReactionChips({
  reactions,
  onRemove,
}: {
  reactions: TMessage["reactions"];
  onRemove?: ((reaction: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const entries = Object.entries(reactions ?? {}).filter(([, count]) => count > 0);
  if (entries.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t("chat.reactions")}
      sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, m: 0, mt: 0.5, p: 0, listStyle: "none" }}
    >
      {entries.map(([reaction, count]) => {
        const label = `${reaction} ${format.number(count)}`;
        return (
          <Box component="li" key={reaction}>
            {onRemove ? (
              <Tooltip title={t("chat.removeReactionHint")} describeChild>
                <Chip
                  size="small"
                  variant="outlined"
                  label={label}
                  onClick={() => onRemove(reaction)}
                  aria-label={t("chat.removeReaction", { label })}
                  sx={{ height: 24 }}
                />
              </Tooltip>
            ) : (
              <Chip size="small" variant="outlined" label={label} sx={{ height: 24 }} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** A thread's parent: how many replies and when the last came, opening the thread. */
export function ThreadLink({ message, onOpen }: { message: TMessage; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const count = message.replyCount ?? 0;
  if (count === 0) return null;
  const text = t("chat.replyCount", { count: format.number(count) });
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 0.5, flexWrap: "wrap" }}>
      <Button
        size="small"
        startIcon={<ForumRounded fontSize="small" />}
        onClick={onOpen}
        sx={{ px: 1, py: 0.25, minHeight: 0 }}
      >
        {text}
      </Button>
      {message.lastRepliedAt && (
        <Typography variant="caption" color="text.secondary">
          {t("chat.lastReply", { time: format.dateTime(message.lastRepliedAt) })}
        </Typography>
      )}
    </Box>
  );
}
