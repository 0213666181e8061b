/**
 * What every part of the chat API shares: user ids, the path parameters of a channel and its messages, metadata,
 * and cursor pagination.
 */
import { z } from "zod";
import { MESSAGE_METADATA_MAX } from "./constants";
import { V } from "./validation";

export const USER_ID_MAX = 80;
/** App-chosen user ids: letters, digits and `_ - . @ :`, so they are safe in paths and logs. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_\-.@:]+$/;
export const zUserId = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(USER_ID_MAX, V.tooLong)
  .regex(USER_ID_PATTERN, V.userId);

/** The path parameters of `/v1/channels/{channelId}/…`, which channel, member and message routes all take. */
export const zChannelParams = z.object({ channelId: z.string().uuid() });
export const zChannelMemberParams = zChannelParams.extend({ userId: zUserId });
export const zMessageParams = zChannelParams.extend({ messageId: z.string().uuid() });

export const zMetadata = z
  .record(z.string().trim().min(1, V.required).max(64, V.tooLong), z.string().max(1000, V.tooLong))
  .refine((m) => Object.keys(m).length <= MESSAGE_METADATA_MAX, V.metadataCount);

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
export const zPageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  search: z.string().trim().max(100).optional(),
});
export type TPageQuery = z.infer<typeof zPageQuery>;

/** Cursor pagination: pass `nextCursor` back as `cursor`; null means the last page. */
export const page = <T extends z.ZodType>(item: T, key: string) =>
  z.object({ [key]: z.array(item), nextCursor: z.string().nullable() });
