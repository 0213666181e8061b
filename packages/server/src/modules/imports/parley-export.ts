/**
 * Parley's own data export (`modules/exports`): a zip of NDJSON sections and a `manifest.json` with
 * `format: "parley-export"`. Each section's line is what its reader writes (`ExportSectionReader`s of chat-users,
 * channels and messages): users and messages in the chat API's shapes (`TChatUser`, `TMessage`), channels and
 * members in the export's own. Importing one moves an app's data into another app, or back after a reset.
 */
import { CHANNEL_TYPES, CUSTOM_TYPE_MAX, MESSAGE_TEXT_MAX, type TChannelType } from "@parley/contract";
import type { ImportChannel, ImportMember, ImportMessage, ImportUser, ParsedImport, RowRef } from "./model";
import {
  asKey,
  asText,
  attachment,
  type Collector,
  channelName,
  clip,
  createCollector,
  httpUrl,
  isObject,
  isUserId,
  type Json,
  mentionedUserIds,
  nickname,
  type Rejection,
  reject,
  rejectTime,
  toDate,
  toMetadata,
} from "./normalize";
import type { ImportFile } from "./sendbird";

const MANIFEST = "manifest.json";
const FORMAT = "parley-export";
/** The manifest version whose sections this reader knows; a later one may change a line's shape. */
const VERSION = 1;

const SECTIONS = ["users", "channels", "members", "messages"] as const;
type Section = (typeof SECTIONS)[number];
/** `files.ndjson` lists the files' bytes, which an import does not carry: messages keep their file's URL. */
const IGNORED_FILES = new Set(["files.ndjson"]);

/** A file's name without the folders a re-zipped archive may have put it in. */
const baseName = (name: string) => name.split("/").pop() ?? name;

/**
 * Parses the files of a Parley export. Without a manifest saying it is one (of a version this reader knows) nothing
 * else is read: the same file names from elsewhere would be guessed at.
 */
export function parseParleyExport(files: ImportFile[]): ParsedImport {
  const collector = createCollector("parley");
  const manifest = files.find((file) => baseName(file.name) === MANIFEST);
  if (!manifest) {
    collector.refuse({ file: MANIFEST, line: 0 }, "missing-manifest");
    return collector.finish();
  }
  if (!isParleyManifest(manifest, collector)) return collector.finish();

  const bySection = new Map<Section, ImportFile[]>(SECTIONS.map((section) => [section, []]));
  for (const file of files) {
    const name = baseName(file.name);
    if (file === manifest || IGNORED_FILES.has(name)) continue;
    const section = SECTIONS.find((s) => name === `${s}.ndjson`);
    if (section) bySection.get(section)?.push(file);
    else collector.refuse({ file: file.name, line: 0 }, "unknown-file");
  }
  const rowsOf = (section: Section) => (bySection.get(section) ?? []).flatMap((file) => readLines(file, collector));

  for (const { value, at } of rowsOf("users")) collector.take(readUser(value, at), at, "user", collector.addUser);
  for (const { value, at } of rowsOf("channels")) {
    collector.take(readChannel(value, at), at, "channel", collector.addChannel);
  }
  for (const { value, at } of rowsOf("members")) {
    collector.take(readMember(value, at), at, "member", collector.addMember);
  }
  for (const { value, at } of inSeqOrder(rowsOf("messages"))) {
    collector.take(readMessage(value, at), at, "message", (message) => {
      if (collector.addMessage(message) && isObject(value)) refuseReactionCounts(value.reactions, at, collector);
    });
  }
  return collector.finish();
}

function isParleyManifest(manifest: ImportFile, collector: Collector): boolean {
  const at = { file: manifest.name, line: 0 };
  let body: unknown;
  try {
    body = JSON.parse(manifest.text.replace(/^\uFEFF/, ""));
  } catch (err) {
    collector.refuse(at, "malformed-json", undefined, (err as Error).message);
    return false;
  }
  if (!isObject(body) || body.format !== FORMAT) {
    collector.refuse(at, "foreign-manifest", undefined, isObject(body) ? asText(body.format) : typeof body);
    return false;
  }
  if (body.version !== VERSION) {
    collector.refuse(at, "unsupported-version", undefined, asText(body.version));
    return false;
  }
  return true;
}

interface Row {
  value: unknown;
  at: RowRef;
}

/** The lines of an NDJSON file with their 1-based numbers; a line that is not JSON is refused. */
function readLines(file: ImportFile, collector: Collector): Row[] {
  const rows: Row[] = [];
  file.text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((source, index) => {
      if (source.trim() === "") return;
      const at = { file: file.name, line: index + 1 };
      try {
        rows.push({ value: JSON.parse(source), at });
      } catch (err) {
        collector.refuse(at, "malformed-json", undefined, (err as Error).message);
      }
    });
  return rows;
}

/**
 * Messages channel by channel (in the order channels first appear), each channel's by `seq`: the export writes them
 * so, and a section put together again by hand keeps the order replies and edits were made in.
 */
function inSeqOrder(rows: Row[]): Row[] {
  const byChannel = new Map<string, Row[]>();
  for (const row of rows) {
    const key = isObject(row.value) ? asKey(row.value.channelId) : "";
    const list = byChannel.get(key);
    if (list) list.push(row);
    else byChannel.set(key, [row]);
  }
  const seqOf = (row: Row) => (isObject(row.value) && typeof row.value.seq === "number" ? row.value.seq : Infinity);
  return [...byChannel.values()].flatMap((channel) => channel.sort((a, b) => seqOf(a) - seqOf(b)));
}

function readUser(value: unknown, at: RowRef): ImportUser | Rejection {
  if (!isObject(value)) return reject("not-an-object");
  const userId = asText(value.userId);
  if (userId === "") return reject("missing-field:user.userId");
  if (!isUserId(userId)) return reject("invalid-user-id", userId);
  return {
    userId,
    nickname: nickname(value.nickname, userId),
    profileImageUrl: httpUrl(value.profileImageUrl),
    metadata: isObject(value.metadata) ? toMetadata(Object.entries(value.metadata)) : {},
    createdAt: toDate(value.createdAt),
    isDeactivated: value.isActive === false,
    at,
  };
}

const isChannelType = (type: unknown): type is TChannelType =>
  typeof type === "string" && (CHANNEL_TYPES as readonly string[]).includes(type);

function readChannel(value: unknown, at: RowRef): ImportChannel | Rejection {
  if (!isObject(value)) return reject("not-an-object");
  const id = asText(value.id);
  if (id === "") return reject("missing-field:channel.id");
  if (!isChannelType(value.type)) return reject("unknown-type", asText(value.type));
  return {
    sourceKey: id,
    name: channelName(value.name, id),
    type: value.type,
    ownerUserId: isUserId(value.ownerUserId) ? value.ownerUserId : null,
    data: isObject(value.data) ? toMetadata(Object.entries(value.data)) : {},
    createdAt: toDate(value.createdAt),
    isFrozen: value.isFrozen === true,
    at,
  };
}

function readMember(value: unknown, at: RowRef): ImportMember | Rejection {
  if (!isObject(value)) return reject("not-an-object");
  const channelKey = asText(value.channelId);
  if (channelKey === "") return reject("missing-field:member.channelId");
  const userId = asText(value.userId);
  if (userId === "") return reject("missing-field:member.userId");
  if (!isUserId(userId)) return reject("invalid-user-id", userId);
  const lastReadSeq = value.lastReadSeq;
  // The export has no owner flag on members: the channel's `ownerUserId` marks its member when the import finishes.
  return {
    channelKey,
    userId,
    isOwner: false,
    joinedAt: toDate(value.joinedAt),
    ...(typeof lastReadSeq === "number" && Number.isInteger(lastReadSeq) && lastReadSeq >= 0
      ? { read: { kind: "seq" as const, seq: lastReadSeq } }
      : {}),
    at,
  };
}

/** Parley's message types in the model's kinds; a custom message keeps its `customType`. */
const MESSAGE_KINDS: Readonly<Record<string, ImportMessage["kind"]>> = {
  text: "text",
  custom: "custom",
  file: "file",
  admin: "admin",
};

function readMessage(value: unknown, at: RowRef): ImportMessage | Rejection {
  if (!isObject(value)) return reject("not-an-object");
  const sourceKey = asKey(value.id);
  if (sourceKey === "") return reject("missing-field:message.id");
  const channelKey = asText(value.channelId);
  if (channelKey === "") return reject("missing-field:message.channelId");
  const type = asText(value.type);
  // Hidden messages are real-time signals that history never shows; they are in the export only as stored rows.
  if (type === "hidden") return reject("hidden-message");
  const kind = Object.hasOwn(MESSAGE_KINDS, type) ? MESSAGE_KINDS[type] : undefined;
  if (!kind) return reject("unknown-type", type);
  const senderUserId = kind === "admin" ? null : isObject(value.sender) ? asText(value.sender.userId) : "";
  if (senderUserId === "") return reject("missing-field:message.sender");
  if (senderUserId !== null && !isUserId(senderUserId)) return reject("invalid-user-id", senderUserId);
  const text = asText(value.text);
  if (text.length > MESSAGE_TEXT_MAX) return reject("text-too-long", `${text.length} characters`);
  const createdAt = toDate(value.createdAt);
  if (!createdAt) return rejectTime(value.createdAt, "message.createdAt");
  const file = isObject(value.file) ? fileOf(value.file) : null;
  const customType = clip(asText(value.customType).trim(), CUSTOM_TYPE_MAX);
  const mentions = mentionedUserIds(value.mentionedUserIds);
  const parentKey = asKey(value.parentMessageId) || null;
  return {
    sourceKey,
    channelKey,
    senderUserId,
    // A custom message without its kind has nothing its clients could render it by: it is kept as text.
    kind: kind === "custom" && customType === "" ? "text" : kind,
    text,
    metadata: isObject(value.metadata) ? toMetadata(Object.entries(value.metadata)) : {},
    attachments: file ? [file] : [],
    createdAt,
    editedAt: toDate(value.editedAt),
    // The export leaves deleted messages out, so none is read as deleted.
    deletedAt: null,
    parentKey,
    ...(parentKey !== null && value.showInChannel === true ? { showInChannel: true } : {}),
    ...(mentions ? { mentionedUserIds: mentions } : {}),
    ...(kind === "custom" && customType !== "" ? { customType } : {}),
    ...(typeof value.seq === "number" && Number.isInteger(value.seq) && value.seq > 0 ? { sourceSeq: value.seq } : {}),
    at,
  };
}

const fileOf = (file: Json) => attachment(file.url, file.name, file.mimeType, file.size);

/**
 * The export counts each reaction (`{"👍": 2}`) without saying who added it, and Parley's reactions belong to users:
 * each count is refused, so the dry run says how many reactions stay behind.
 */
function refuseReactionCounts(reactions: unknown, at: RowRef, collector: Collector): void {
  if (!isObject(reactions)) return;
  for (const [reaction, count] of Object.entries(reactions)) {
    collector.refuse(at, "reaction-without-users", "reaction", `${reaction} ×${asText(count)}`);
  }
}
