import { type MessagesState, nicknames, type PendingMessage, useMembers, useMyUserId } from "@parley/react/headless";
import type { MessageReceipt, TMember, TMessage } from "@parley/sdk";
import { type ReactElement, useCallback, useMemo, useState } from "react";
import { ActivityIndicator, FlatList, type ListRenderItem, View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";
import { type MessageActionHandlers, MessageActionSheet } from "./message-actions";
import { MessageRow, PendingRow } from "./message-row";

/** A row of the list: a message, or a send of the user's the server has not confirmed. */
export type MessageListRow =
  | { kind: "message"; key: string; message: TMessage }
  | { kind: "pending"; key: string; item: PendingMessage };

/**
 * A message and the pending send it came from share a key (their `clientMessageId`), so the sent message takes over
 * the pending row in place rather than the row leaving and another arriving.
 */
const messageKey = (message: TMessage) => (message.clientMessageId ? `c:${message.clientMessageId}` : message.id);

/**
 * The rows of an inverted list, newest first: index 0 is drawn at the bottom. Older pages land at the end of the
 * array, so every row already shown keeps its index and the one the user is reading does not move.
 */
export function listRows(messages: readonly TMessage[], pending: readonly PendingMessage[]): MessageListRow[] {
  const rows: MessageListRow[] = [];
  for (let i = pending.length - 1; i >= 0; i--) {
    const item = pending[i];
    if (item) rows.push({ kind: "pending", key: `c:${item.clientMessageId}`, item });
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message) rows.push({ kind: "message", key: messageKey(message), message });
  }
  return rows;
}

/** The seq of the user's newest message others have read, and how many of them read it. */
function seenMark(messages: readonly TMessage[], members: readonly TMember[], me: string) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.sender?.userId !== me) continue;
    const readers = members.filter((m) => m.userId !== me && (m.lastReadSeq ?? 0) >= message.seq).length;
    if (readers > 0) return { id: message.id, readers };
  }
  return null;
}

// Few rows drawn at once, whatever the channel holds: a screenful and a little more on each side. Rows are of
// varying heights (text wraps, sizes scale), so none is measured in advance.
const INITIAL_ROWS = 15;
const BATCH_ROWS = 10;
const WINDOW_SCREENS = 5;

const keyOf = (row: MessageListRow) => row.key;

export interface MessageListProps {
  channelId: string;
  /** The channel's (or thread's) messages, from `useMessages`; the composer sends through the same state. */
  messages: MessagesState;
  /** Opens a message's thread (with the message, to show above its replies); inside a thread, leave it out. */
  onOpenThread?: (messageId: string, message: TMessage) => void;
  /** The members, for mentions' names and read receipts (the screen's own list; loaded here when left out). */
  members?: TMember[];
  /** Drawn above the oldest message (a thread's parent). */
  header?: ReactElement;
  /** Where each of the user's own messages stands (`useReceipts`); left out, no ticks are shown. */
  receipt?: ((message: TMessage) => MessageReceipt) | null;
}

/**
 * The messages, newest at the bottom, in a windowed, inverted `FlatList`: a handful of rows are drawn however long
 * the channel, scrolling up loads older pages, and the message in view stays put as they arrive
 * (`maintainVisibleContentPosition`). Long-press or the ⋯ button opens a message's actions.
 */
export function MessageList(props: MessageListProps) {
  return props.members ? <MessageListView {...props} members={props.members} /> : <MessageListWithMembers {...props} />;
}

function MessageListWithMembers(props: MessageListProps) {
  return <MessageListView {...props} members={useMembers(props.channelId)} />;
}

/** {@link MessageList} with the members given: the rows, the actions sheet and the inline edit. */
export function MessageListView(props: MessageListProps & { members: TMember[] }) {
  const { messages: state, onOpenThread } = props;
  const { messages, pending, hasOlder, loadOlder, loading, waitingForNetwork } = state;
  const me = useMyUserId();
  const tokens = useTheme();
  const { t } = useStrings();
  const [actionsFor, setActionsFor] = useState<TMessage | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const rows = useMemo(() => listRows(messages, pending), [messages, pending]);
  const names = useMemo(() => nicknames(props.members), [props.members]);
  const seen = useMemo(() => seenMark(messages, props.members, me), [messages, props.members, me]);

  const { toggleReaction, edit, remove, removeLinkPreview, retry, discard } = state;
  const receipt = props.receipt ?? null;
  const handlers = useMemo<MessageActionHandlers>(
    () => ({
      react: toggleReaction,
      edit: (message) => setEditingId(message.id),
      remove,
      removeLinkPreview,
      ...(onOpenThread ? { openThread: (message: TMessage) => onOpenThread(message.id, message) } : {}),
    }),
    [toggleReaction, remove, removeLinkPreview, onOpenThread],
  );
  const openThread = useMemo(
    () => (onOpenThread ? (message: TMessage) => onOpenThread(message.id, message) : undefined),
    [onOpenThread],
  );
  const saveEdit = useCallback(
    (message: TMessage, text: string) => {
      setEditingId(null);
      // A refusal lands in the state's `error`, which the screen shows.
      edit(message, text).catch(() => undefined);
    },
    [edit],
  );
  const cancelEdit = useCallback(() => setEditingId(null), []);
  const myName = useMemo(() => names.get(me) ?? me, [names, me]);

  const renderItem = useCallback<ListRenderItem<MessageListRow>>(
    ({ item }) =>
      item.kind === "pending" ? (
        <PendingRow item={item.item} name={myName} onRetry={retry} onDiscard={discard} />
      ) : (
        <MessageRow
          message={item.message}
          isMine={item.message.sender?.userId === me}
          names={names}
          {...(seen?.id === item.message.id ? { seenBy: seen.readers } : {})}
          {...(receipt && item.message.sender?.userId === me ? { receipt: receipt(item.message) } : {})}
          isEditing={editingId === item.message.id}
          handlers={handlers}
          onOpenActions={setActionsFor}
          onSaveEdit={saveEdit}
          onCancelEdit={cancelEdit}
          {...(openThread ? { onOpenThread: openThread } : {})}
        />
      ),
    [myName, retry, discard, me, names, seen, receipt, editingId, handlers, saveEdit, cancelEdit, openThread],
  );

  const onEndReached = useCallback(() => {
    if (hasOlder) void loadOlder();
  }, [hasOlder, loadOlder]);

  if (loading && rows.length === 0) {
    return (
      <View style={{ flex: 1, alignItems: "center", justifyContent: "center", padding: 24 }}>
        {waitingForNetwork ? (
          <KitText tone="muted" style={{ textAlign: "center" }}>
            {t("chat.emptyOffline")}
          </KitText>
        ) : (
          <ActivityIndicator accessibilityLabel={t("chat.loading")} color={tokens.accent} />
        )}
      </View>
    );
  }

  return (
    <View style={{ flex: 1 }}>
      <FlatList
        testID="message-list"
        inverted
        data={rows}
        keyExtractor={keyOf}
        renderItem={renderItem}
        extraData={editingId}
        initialNumToRender={INITIAL_ROWS}
        maxToRenderPerBatch={BATCH_ROWS}
        windowSize={WINDOW_SCREENS}
        onEndReached={onEndReached}
        onEndReachedThreshold={0.5}
        // The row at the bottom edge stays where it is when rows arrive above or below it; within a few points of the
        // newest message, a new one scrolls into view instead.
        maintainVisibleContentPosition={{ minIndexForVisible: 0, autoscrollToTopThreshold: 40 }}
        keyboardShouldPersistTaps="handled"
        keyboardDismissMode="interactive"
        // Inverted, the footer is drawn at the top, above the oldest message.
        ListFooterComponent={
          hasOlder ? (
            <ActivityIndicator accessibilityLabel={t("chat.loading")} style={{ padding: 12 }} color={tokens.accent} />
          ) : (
            props.header
          )
        }
        ListEmptyComponent={
          <KitText tone="muted" style={{ padding: 24, textAlign: "center" }}>
            {t("chat.empty")}
          </KitText>
        }
      />
      {actionsFor && (
        <MessageActionSheet
          message={actionsFor}
          isMine={actionsFor.sender?.userId === me}
          handlers={handlers}
          onClose={() => setActionsFor(null)}
        />
      )}
    </View>
  );
}
