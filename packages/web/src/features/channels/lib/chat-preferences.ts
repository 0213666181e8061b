/**
 * Browser-stored flags of the chat view (spec section 4). The frozen flag is the last state this browser
 * saw per channel, so the toggle shows it before the channel has loaded; the server stays the authority.
 */
export const FROZEN_CHANNELS_STORAGE_KEY = "parley.chat.frozen";
export const SHOW_METADATA_STORAGE_KEY = "parley.chat.showMetadata";

function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

function frozenMap(): Record<string, boolean> {
  const value = readJson(FROZEN_CHANNELS_STORAGE_KEY);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, boolean>) : {};
}

export function readFrozenFlag(channelId: string): boolean | null {
  const value = frozenMap()[channelId];
  return typeof value === "boolean" ? value : null;
}

export function storeFrozenFlag(channelId: string, isFrozen: boolean) {
  const map = frozenMap();
  if (map[channelId] === isFrozen) return;
  writeJson(FROZEN_CHANNELS_STORAGE_KEY, { ...map, [channelId]: isFrozen });
}

export function forgetFrozenFlag(channelId: string) {
  const { [channelId]: _removed, ...rest } = frozenMap();
  writeJson(FROZEN_CHANNELS_STORAGE_KEY, rest);
}

export function readShowMetadata(): boolean {
  return readJson(SHOW_METADATA_STORAGE_KEY) === true;
}

export function storeShowMetadata(isShown: boolean) {
  writeJson(SHOW_METADATA_STORAGE_KEY, isShown);
}
