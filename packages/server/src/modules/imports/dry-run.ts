/**
 * What an import would do to an app, worked out from the parsed records and the IDs the app already has, before
 * anything is written: how many records of each kind are new, already there or refused, and why.
 */
import { importedChannelId } from "./ids";
import type {
  ImportChannel,
  ImportKind,
  ImportMember,
  ImportMessage,
  ImportReaction,
  ImportUser,
  ParsedImport,
  Refusal,
  RowRef,
} from "./model";

/** Refusals, warnings and collisions a report lists at most; the totals still count every one. */
export const REPORT_LIST_MAX = 1000;

export interface KindCount {
  /** Rows of this kind in the source, refused ones included. */
  found: number;
  refused: number;
  /**
   * Of the rows not refused: those the import creates, and those the app already has (a user) or that belong to a
   * channel it already has, written only where missing.
   */
  new: number;
  existing: number;
}

export interface ExistingIds {
  userIds: ReadonlySet<string>;
  channelIds: ReadonlySet<string>;
}

/**
 * A record the app already has. A user is updated with the source's profile. A channel with its imported ID can only
 * come from an import of the same source before (completed, canceled or still going): its members, messages and
 * reactions are written again where missing, with the same IDs and places, so what is there stays as it is.
 */
export type Collision =
  | { kind: "user"; userId: string; action: "update"; at: RowRef }
  | { kind: "channel"; sourceKey: string; channelId: string; action: "merge"; at: RowRef };

export interface DryRunReport {
  counts: Record<"users" | "channels" | "members" | "messages" | "reactions", KindCount>;
  /** In file and line order, at most {@link REPORT_LIST_MAX}. */
  refused: Refusal[];
  refusedTotal: number;
  /** Rows that will be imported, but not quite as the source has them (a reply whose thread is gone). */
  warnings: Refusal[];
  warningsTotal: number;
  collisions: Collision[];
  collisionsTotal: number;
  /** Each channel's source key and the Parley ID it is imported under. */
  channelMap: Record<string, string>;
}

const COUNT_OF: Record<ImportKind, keyof DryRunReport["counts"]> = {
  user: "users",
  channel: "channels",
  member: "members",
  message: "messages",
  reaction: "reactions",
};

/** The records the import writes: those the dry run did not refuse, a reply whose thread is gone made top-level. */
export interface Accepted {
  users: ImportUser[];
  channels: (ImportChannel & { channelId: string })[];
  members: (ImportMember & { channelId: string })[];
  messages: (ImportMessage & { channelId: string })[];
  reactions: ImportReaction[];
}

/** The dry run of importing `parsed` into the app `appId`, which already has the `existing` users and channels. */
export const dryRun = (parsed: ParsedImport, existing: ExistingIds, appId: string): DryRunReport =>
  review(parsed, existing, appId).report;

/** The dry run, with the records it accepts: what the import job's plan is made of. */
export function review(
  parsed: ParsedImport,
  existing: ExistingIds,
  appId: string,
): { report: DryRunReport; accepted: Accepted } {
  const kept: Accepted = { users: parsed.users, channels: [], members: [], messages: [], reactions: [] };
  const counts = {
    users: tally(parsed.users.length),
    channels: tally(parsed.channels.length),
    members: tally(parsed.members.length),
    messages: tally(parsed.messages.length),
    reactions: tally(parsed.reactions.length),
  };
  const refused: Refusal[] = [];
  const warnings: Refusal[] = [];
  const collisions: Collision[] = [];
  const refuse = (at: RowRef, reason: string, kind: ImportKind, detail: string) => {
    refused.push({ file: at.file, line: at.line, reason, detail, kind });
    counts[COUNT_OF[kind]].refused += 1;
  };
  const warn = (at: RowRef, reason: string, kind: ImportKind, detail: string) =>
    warnings.push({ file: at.file, line: at.line, reason, detail, kind });
  const count = (kind: ImportKind, isExisting: boolean) => {
    counts[COUNT_OF[kind]][isExisting ? "existing" : "new"] += 1;
  };
  for (const row of parsed.refused) {
    refused.push(row);
    if (row.kind) {
      counts[COUNT_OF[row.kind]].found += 1;
      counts[COUNT_OF[row.kind]].refused += 1;
    }
  }

  const channelIds = new Map<string, string>();
  const channelIdOf = (key: string) => {
    let id = channelIds.get(key);
    if (id === undefined) {
      id = importedChannelId(appId, parsed.source, key);
      channelIds.set(key, id);
    }
    return id;
  };
  const fileUsers = new Set(parsed.users.map((user) => user.userId));
  const fileChannels = new Set(parsed.channels.map((channel) => channel.sourceKey));
  const isKnownUser = (userId: string) => fileUsers.has(userId) || existing.userIds.has(userId);
  const isMerged = (channelKey: string) => existing.channelIds.has(channelIdOf(channelKey));
  const isKnownChannel = (channelKey: string) => fileChannels.has(channelKey) || isMerged(channelKey);

  for (const user of parsed.users) {
    const isExisting = existing.userIds.has(user.userId);
    if (isExisting) collisions.push({ kind: "user", userId: user.userId, action: "update", at: user.at });
    count("user", isExisting);
  }

  const channelMap: Record<string, string> = {};
  for (const channel of parsed.channels) {
    const channelId = channelIdOf(channel.sourceKey);
    channelMap[channel.sourceKey] = channelId;
    const isExisting = existing.channelIds.has(channelId);
    if (isExisting) {
      collisions.push({ kind: "channel", sourceKey: channel.sourceKey, channelId, action: "merge", at: channel.at });
    }
    count("channel", isExisting);
    kept.channels.push({ ...channel, channelId });
    if (channel.ownerUserId !== null && !isKnownUser(channel.ownerUserId)) {
      warn(channel.at, "unknown-owner", "channel", `${channel.ownerUserId}: imported without an owner`);
    }
  }

  for (const member of parsed.members) {
    if (!isKnownChannel(member.channelKey)) refuse(member.at, "unknown-channel", "member", member.channelKey);
    else if (!isKnownUser(member.userId)) refuse(member.at, "unknown-user", "member", member.userId);
    else {
      count("member", isMerged(member.channelKey));
      kept.members.push({ ...member, channelId: channelIdOf(member.channelKey) });
    }
  }

  // Messages first, then replies and reactions against them, because a reply or reaction may come before its message.
  const accepted = new Map<string, { channelKey: string }>();
  for (const message of parsed.messages) {
    if (!isKnownChannel(message.channelKey)) refuse(message.at, "unknown-channel", "message", message.channelKey);
    else if (message.senderUserId !== null && !isKnownUser(message.senderUserId)) {
      refuse(message.at, "unknown-user", "message", message.senderUserId);
    } else {
      accepted.set(message.sourceKey, message);
      count("message", isMerged(message.channelKey));
    }
  }
  for (const message of parsed.messages) {
    if (!accepted.has(message.sourceKey)) continue;
    const channelId = channelIdOf(message.channelKey);
    if (message.parentKey !== null && accepted.get(message.parentKey)?.channelKey !== message.channelKey) {
      warn(message.at, "unknown-parent", "message", `${message.parentKey}: imported as a message of the channel`);
      kept.messages.push({ ...message, parentKey: null, channelId });
    } else kept.messages.push({ ...message, channelId });
  }

  for (const reaction of parsed.reactions) {
    const message = accepted.get(reaction.messageKey);
    if (!message) refuse(reaction.at, "unknown-message", "reaction", reaction.messageKey);
    else if (!isKnownUser(reaction.userId)) refuse(reaction.at, "unknown-user", "reaction", reaction.userId);
    else {
      count("reaction", isMerged(message.channelKey));
      kept.reactions.push(reaction);
    }
  }

  const report: DryRunReport = {
    counts,
    refused: byPlace(refused).slice(0, REPORT_LIST_MAX),
    refusedTotal: refused.length,
    warnings: byPlace(warnings).slice(0, REPORT_LIST_MAX),
    warningsTotal: warnings.length,
    collisions: collisions.slice(0, REPORT_LIST_MAX),
    collisionsTotal: collisions.length,
    channelMap,
  };
  return { report, accepted: kept };
}

const tally = (found: number): KindCount => ({ found, refused: 0, new: 0, existing: 0 });

/** Rows in the order a person fixing the source reads them: by file, then line; ties keep the order found. */
const byPlace = (rows: Refusal[]) =>
  [...rows].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
