// The bytes go to `String.fromCharCode` as arguments, whose number engines cap (some at 65,536); this stays well below.
const CHUNK = 0x2000;

/** Base64 without Node's Buffer, which browsers and React Native lack; `btoa` takes a string of byte-sized chars. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
