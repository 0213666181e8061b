import { type MessageRef, type OutboxAction, type OutboxItem, ParleyConnectionError, ParleyError } from "@parley/sdk";

let counter = 0;

/** Where Web Locks are missing (Node, React Native): the clients of one process take turns by lock name. */
export const localLocks = new Map<string, Promise<void>>();

/** An id that sorts by creation: time, then a counter within this page, then a random tail between pages. */
export function newItemId(now: number): string {
  counter = (counter + 1) % 36 ** 4;
  const random = Math.floor(Math.random() * 36 ** 6).toString(36);
  return `${now.toString(36).padStart(9, "0")}-${counter.toString(36).padStart(4, "0")}-${random.padStart(6, "0")}`;
}

/**
 * Items in the order they were queued: their ids ({@link newItemId}) sort by creation as text, in code-unit order as
 * the store lists them; `localeCompare` would load the locale's collation tables while a page opens its copy.
 */
export function byItemId(a: OutboxItem, b: OutboxItem): number {
  if (a.id < b.id) return -1;
  return a.id > b.id ? 1 : 0;
}

/** A failure that trying again later may cure: no network, a timeout, the server's own trouble. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ParleyConnectionError) return true;
  return error instanceof ParleyError && (error.status >= 500 || error.status === 408 || error.code === "005");
}

/** The catalogue code of a refusal, or the error's name for one that is not the server's. */
export function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof ParleyError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: error.name, message: error.message };
  return { code: "Error", message: String(error) };
}

export function refersTo(item: OutboxItem, clientMessageId: string): boolean {
  return "target" in item && "clientMessageId" in item.target && item.target.clientMessageId === clientMessageId;
}

export function sameTarget(a: MessageRef, b: MessageRef): boolean {
  if ("messageId" in a && "messageId" in b) return a.messageId === b.messageId;
  if ("clientMessageId" in a && "clientMessageId" in b) return a.clientMessageId === b.clientMessageId;
  return false;
}

/**
 * An action as it is queued, with the items it replaces: a read mark replaces the channel's earlier ones still
 * waiting, and reaches as far as the furthest of them (a mark without a seq is the newest message).
 */
export function replacingReads(
  items: readonly OutboxItem[],
  channelId: string,
  action: OutboxAction,
): { queued: OutboxAction; replaced: OutboxItem[] } {
  if (action.kind !== "read") return { queued: action, replaced: [] };
  const replaced = items.filter((i) => i.kind === "read" && i.channelId === channelId && i.state === "pending");
  const seqs = [action, ...replaced].map((read) => ("seq" in read ? read.seq : undefined));
  if (seqs.some((seq) => seq === undefined)) return { queued: { kind: "read" }, replaced };
  return { queued: { kind: "read", seq: Math.max(...(seqs as number[])) }, replaced };
}
