import type {
  OutboxAction,
  ParleyClient,
  QueuedFile,
  SendOptions,
  TChannel,
  TEditMessageRequest,
  TMessage,
} from "@parley/sdk";
import type { SendFileOptions, VoiceRecording } from "../file-input";
import { randomUuid } from "../ids";

/** How many channels one page of the API answers, and how many pages a refresh reads at most. */
const CHANNEL_PAGE = 100;
const CHANNEL_PAGES = 5;

/** The user's channels, page after page, as the server lists them. */
export async function listMyChannels(client: ParleyClient): Promise<TChannel[]> {
  const channels: TChannel[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.channels.list({ scope: "mine", limit: CHANNEL_PAGE, ...(cursor ? { cursor } : {}) });
    channels.push(...page.channels);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && channels.length < CHANNEL_PAGE * CHANNEL_PAGES);
  return channels;
}

/** The outbox action of a text message, with its idempotency key (the caller's, or a new one). */
export function sendAction(
  text: string,
  metadata: Record<string, string> | undefined,
  options: SendOptions,
): OutboxAction {
  const { clientMessageId = randomUuid(), ...rest } = options;
  return {
    kind: "send",
    clientMessageId,
    text,
    ...(metadata ? { metadata } : {}),
    ...(Object.keys(rest).length > 0 ? { options: rest } : {}),
  };
}

/** The outbox action of a file message, and the file's bytes, which wait beside it. */
export async function fileAction(
  file: QueuedFile,
  options: { caption?: string; clientMessageId?: string; voice?: VoiceRecording },
): Promise<{ action: OutboxAction; bytes: Uint8Array }> {
  const blob = file instanceof Blob;
  const bytes = blob ? new Uint8Array(await file.arrayBuffer()) : file.bytes;
  const name = blob ? ("name" in file && typeof file.name === "string" ? file.name : "file") : file.name;
  return {
    bytes,
    action: {
      kind: "file",
      clientMessageId: options.clientMessageId ?? randomUuid(),
      name,
      type: file.type || "application/octet-stream",
      size: bytes.byteLength,
      ...(options.caption ? { caption: options.caption } : {}),
      ...(options.voice ? { voice: options.voice } : {}),
    },
  };
}

/** What a queued file message is sent with: its idempotency key, and its caption and voice fields where it has them. */
export function fileSendOptions(action: Extract<OutboxAction, { kind: "file" }>): SendFileOptions {
  return {
    clientMessageId: action.clientMessageId,
    ...(action.caption ? { caption: action.caption } : {}),
    ...(action.voice ? { voice: action.voice } : {}),
  };
}

/** A message as the user's edit leaves it, before the server has heard of it. */
export function withEdit(message: TMessage, changes: TEditMessageRequest): TMessage {
  return { ...message, text: changes.text ?? message.text, metadata: changes.metadata ?? message.metadata };
}
