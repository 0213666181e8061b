import { z } from "zod";

/**
 * Everything a role may be granted in a channel (and `startCall`, which needs no channel). Apart from `roles.ts` so
 * the channel shape can name them without a cycle.
 */
export const PERMISSIONS = [
  "read",
  "send",
  "sendFile",
  "react",
  "reply",
  "mentionEveryone",
  "editOwn",
  "editOthers",
  "deleteOwn",
  "deleteOthers",
  "pin",
  "invite",
  "remove",
  "mute",
  "ban",
  "freeze",
  "changeChannel",
  "startCall",
] as const;
export const zPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof zPermission>;
