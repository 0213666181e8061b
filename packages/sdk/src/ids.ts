/**
 * A random UUID (version 4): the platform's `crypto.randomUUID` where there is one, else built from
 * `crypto.getRandomValues`, else from `Math.random`. React Native has neither crypto call unless the app adds a
 * polyfill. The ids this makes are idempotency keys and markers, unique rather than secret, so `Math.random` is
 * enough where nothing better exists.
 */
export function randomUuid(): string {
  const crypto = (globalThis as { crypto?: Partial<Pick<Crypto, "randomUUID" | "getRandomValues">> }).crypto;
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === "function") crypto.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(Math.random() * 256);
  // The version (4) and the variant (10xx) bits, as RFC 9562 sets them.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
