/**
 * The channel a user makes from a kit, web or phone alike: the types offered, their strings, and the request. Super
 * groups and broadcasts are the app server's to make, so they are not offered.
 */
export const NEW_CHANNEL_TYPES = ["public", "private", "open"] as const;
export type NewChannelType = (typeof NEW_CHANNEL_TYPES)[number];

/** What a kit's form asks for: a private channel always with its invite code, the others without one. */
export type NewChannel =
  | { name: string; type: "public" | "open" }
  | { name: string; type: "private"; inviteCode: string };

export const NEW_CHANNEL_TYPE_LABELS = {
  public: "channels.typePublic",
  private: "channels.typePrivate",
  open: "channels.typeOpen",
} as const;

export const NEW_CHANNEL_TYPE_HINTS = {
  public: "channels.typePublicHint",
  private: "channels.typePrivateHint",
  open: "channels.typeOpenHint",
} as const;

/** The create request from what the form holds: trimmed, and the invite code kept only for a private channel. */
export function newChannel(name: string, type: NewChannelType, inviteCode: string): NewChannel {
  const trimmed = name.trim();
  return type === "private" ? { name: trimmed, type, inviteCode: inviteCode.trim() } : { name: trimmed, type };
}
