/**
 * What the chat API should answer after importing a TalkPlus app, worked out from the stand-in's records by the
 * mapping the imports page documents: so a read-back test compares every field with the source, not with the
 * importer's own idea of it.
 */
import type { TalkPlusData } from "../../support/talkplus-server";

type Item = Record<string, unknown>;

const USER_ID = /^[A-Za-z0-9_.@-]+$/;
const isUserId = (value: unknown): value is string => typeof value === "string" && USER_ID.test(value);
const text = (value: unknown) => (typeof value === "string" ? value : "");
/** TalkPlus writes users and messages in milliseconds, channels and members in seconds. */
const iso = (value: unknown) => {
  const n = Number(value);
  return new Date(n < 1e11 ? n * 1000 : n).toISOString();
};
/** Parley keeps at most 5 metadata entries, the first 5 in key order. */
const metadata = (value: unknown) =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, string>)
      .filter(([, v]) => v !== "")
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .slice(0, 5),
  );

const TYPES: Record<string, string> = {
  public: "public",
  private: "private_invite",
  invitationOnly: "private",
  broadcast: "broadcast",
  super_broadcast: "broadcast",
  super_public: "open",
  super_private: "private_invite",
};

/** Where each member's `lastReadAt` falls in the imported history (and bob's own message after his in `general`). */
const READ_SEQS: Record<string, Record<string, number>> = {
  general: { alice: 6, bob: 4, carol: 5 },
  "project-x": { bob: 2, dave: 2 },
  // An open channel (super_public) counts no unread messages: every member has read to the end.
  "town-hall": { alice: 2, carol: 2, dave: 2 },
};

export function expectedTalkPlusUsers(data: TalkPlusData) {
  return data.users
    .filter((user) => isUserId(user.id))
    .map((user) => ({
      userId: text(user.id),
      nickname: text(user.username).trim() || text(user.id),
      profileImageUrl: /^https?:\/\//.test(text(user.profileImageUrl)) ? user.profileImageUrl : "",
      metadata: metadata(user.data),
      // TalkPlus has no deactivated users.
      isActive: true,
      createdAt: iso(user.createdAt),
    }));
}

const MIME_TYPES: Record<string, string> = { pdf: "application/pdf", png: "image/png" };

function expectedMessages(messages: Item[]) {
  const kept = messages.filter((m) => m.type !== "hidden" && (m.type === "admin" || isUserId(m.userId)));
  const seqOf = (id: unknown) => kept.findIndex((m) => m.id === id) + 1;
  return kept.map((m, index) => {
    const parent = text(m.parentMessageId);
    const replies = kept.filter((r) => r.parentMessageId === m.id);
    const fileUrl = text(m.fileUrl);
    const name = decodeURIComponent(fileUrl.split("/").pop() ?? "");
    const updatedAt = Number(m.updatedAt ?? 0);
    const mentions = Array.isArray(m.mentions) ? m.mentions.filter(isUserId) : [];
    return {
      seq: index + 1,
      type: m.type === "admin" ? "admin" : fileUrl && !text(m.text) ? "file" : "text",
      customType: undefined,
      text: text(m.text),
      metadata: metadata(m.data),
      sender: m.type === "admin" ? null : m.userId,
      createdAt: iso(m.createdAt),
      editedAt: updatedAt > Number(m.createdAt) ? iso(updatedAt) : null,
      parentSeq: parent ? seqOf(parent) : null,
      // TalkPlus has no replies shown in the channel: a reply stays in its thread.
      showInChannel: parent ? false : undefined,
      replyCount: replies.length,
      lastRepliedAt: replies.length > 0 ? iso(replies.at(-1)?.createdAt) : null,
      // Only the URL is documented: the name is its last segment, the type guessed from it, the size unknown.
      file: fileUrl
        ? {
            url: fileUrl,
            name,
            size: 0,
            mimeType: MIME_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream",
          }
        : null,
      mentionedUserIds: mentions.length > 0 ? mentions : undefined,
    };
  });
}

export function expectedTalkPlusChannel(data: TalkPlusData, channelId: string) {
  const channel = data.channels.find((c) => c.id === channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  const owner = isUserId(channel.ownerId) ? channel.ownerId : null;
  const members = channel.members.filter((m) => isUserId(m.id));
  return {
    name: text(channel.name).trim() || channel.id,
    type: TYPES[channel.type],
    // TalkPlus's category and subcategory are kept with the channel's data.
    data: metadata({ ...(channel.data as Item), category: channel.category, subcategory: channel.subcategory }),
    isFrozen: channel.isFrozen === true,
    ownerUserId: owner,
    createdAt: iso(channel.createdAt),
    memberCount: members.length,
    members: members
      .map((m) => ({
        userId: m.id,
        role: m.id === owner ? "owner" : "member",
        joinedAt: iso(m.createdAt),
        lastReadSeq: READ_SEQS[channelId]?.[String(m.id)],
      }))
      .sort((a, b) => (String(a.userId) < String(b.userId) ? -1 : 1)),
    messages: expectedMessages(data.messages[channelId] ?? []),
  };
}
