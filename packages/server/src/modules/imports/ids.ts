import { createHash } from "node:crypto";
import type { ImportSource } from "./model";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name-based UUID, version 5 (RFC 4122 section 4.3): SHA-1 of the namespace's 16 bytes and the name's UTF-8. */
export function uuidV5(namespace: string, name: string): string {
  if (!UUID.test(namespace)) throw new TypeError(`uuidV5: the namespace is not a UUID: ${namespace}`);
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Parley ID an imported channel gets: the same app, source and key always give the same ID, so running an import
 * again finds the channels it made instead of making them twice, and two apps importing one file never share one.
 */
export const importedChannelId = (appId: string, source: ImportSource, sourceKey: string) =>
  uuidV5(appId, `${source}:${sourceKey}`);
