/**
 * The app server's bulk calls: up to {@link BULK_ITEMS_MAX} users, channels or membership changes in one request,
 * applied in one transaction, with an answer per item. An item that is not valid is refused with its own catalogue
 * code and the rest are applied, so a body is checked only for its shape (an array of objects); each item is checked
 * against its own schema on the server.
 */
import { z } from "zod";
import { privateNeedsInviteCode, zChannel, zCreateChannelFields } from "./chat-channels";
import { zMetadata, zUserId } from "./chat-common";
import { zChatUser, zNickname } from "./chat-users";
import { V, zOptionalHttpUrl } from "./validation";

/** Items one bulk call takes at most. */
export const BULK_ITEMS_MAX = 100;

const zItems = z.array(z.unknown(), { error: V.required }).min(1, V.required).max(BULK_ITEMS_MAX, V.itemCount);

/** Why an item was refused: the envelope an error answer carries, for that item alone. */
export const zBulkItemError = z.object({
  code: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TBulkItemError = z.infer<typeof zBulkItemError>;

/**
 * One user of `POST /v1/users/bulk`: created when the app has no user of this ID, otherwise changed to what the item
 * gives (a field left out keeps its value; `metadata` replaces the whole map).
 */
export const zBulkUserItem = z.object({
  userId: zUserId,
  nickname: zNickname,
  profileImageUrl: zOptionalHttpUrl.unwrap().optional(),
  metadata: zMetadata.optional(),
});
export type TBulkUserItem = z.infer<typeof zBulkUserItem>;
export type TBulkUserItemInput = z.input<typeof zBulkUserItem>;
export const zBulkUpsertUsersRequest = z.object({ users: zItems });

export const BULK_USER_STATUSES = ["created", "updated", "unchanged", "failed"] as const;
export const zBulkUserResult = z.object({
  /** The item's place in the request, from 0. */
  index: z.number().int(),
  /** The item's `userId`, or "" when it had none that could be read. */
  userId: z.string(),
  status: z.enum(BULK_USER_STATUSES),
  /** The user as stored, unless the item failed. */
  user: zChatUser.optional(),
  error: zBulkItemError.optional(),
});
export type TBulkUserResult = z.infer<typeof zBulkUserResult>;
export const zBulkUsersResponse = z.object({ results: z.array(zBulkUserResult) });
export type TBulkUsersResponse = z.infer<typeof zBulkUsersResponse>;

/**
 * One channel of `POST /v1/channels/bulk`: the fields of a create, with the ID the app chooses (a UUID, so that the
 * same call sent again finds the channel it made instead of making another) and the owner among its members.
 */
export const zBulkChannelItem = privateNeedsInviteCode(
  zCreateChannelFields.omit({ distinct: true }).extend({
    /** The channel's ID; a new one is drawn when left out, and the item cannot then be sent again safely. */
    channelId: z.uuid(V.invalidFormat).optional(),
    /** The owner, one of the app's users; made a member. Without one the channel is the app's, as a create by API key. */
    ownerUserId: zUserId.optional(),
  }),
);
export type TBulkChannelItem = z.infer<typeof zBulkChannelItem>;
export type TBulkChannelItemInput = z.input<typeof zBulkChannelItem>;
export const zBulkCreateChannelsRequest = z.object({ channels: zItems });

export const BULK_CHANNEL_STATUSES = ["created", "exists", "failed"] as const;
export const zBulkChannelResult = z.object({
  index: z.number().int(),
  /** The channel's ID: the one given or drawn; absent when the item failed before one was known. */
  channelId: z.string().optional(),
  /** `exists`: the app already has a channel of this ID, which the call leaves as it is. */
  status: z.enum(BULK_CHANNEL_STATUSES),
  channel: zChannel.optional(),
  error: zBulkItemError.optional(),
});
export type TBulkChannelResult = z.infer<typeof zBulkChannelResult>;
export const zBulkChannelsResponse = z.object({ results: z.array(zBulkChannelResult) });
export type TBulkChannelsResponse = z.infer<typeof zBulkChannelsResponse>;

/** `POST /v1/channels/{channelId}/members/bulk`: users to add and to remove, {@link BULK_ITEMS_MAX} in all. */
export const zBulkMembersRequest = z
  .object({
    add: z.array(z.unknown()).max(BULK_ITEMS_MAX, V.itemCount).default([]),
    remove: z.array(z.unknown()).max(BULK_ITEMS_MAX, V.itemCount).default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, { message: V.required, path: ["add"] })
  .refine((b) => b.add.length + b.remove.length <= BULK_ITEMS_MAX, { message: V.itemCount, path: ["add"] });
export type TBulkMembersRequestInput = z.input<typeof zBulkMembersRequest>;

export const BULK_MEMBER_STATUSES = ["added", "already_member", "removed", "not_member", "failed"] as const;
export const zBulkMemberResult = z.object({
  /** The item's place: the adds first, then the removals, each from 0 in its own list. */
  index: z.number().int(),
  action: z.enum(["add", "remove"]),
  userId: z.string(),
  status: z.enum(BULK_MEMBER_STATUSES),
  error: zBulkItemError.optional(),
});
export type TBulkMemberResult = z.infer<typeof zBulkMemberResult>;
export const zBulkMembersResponse = z.object({ channel: zChannel, results: z.array(zBulkMemberResult) });
export type TBulkMembersResponse = z.infer<typeof zBulkMembersResponse>;

/** The `userId` an item object names, when it names one that could be read; for the answers of items refused whole. */
export function bulkItemUserId(item: unknown): string {
  if (typeof item === "object" && item !== null && "userId" in item && typeof item.userId === "string")
    return item.userId;
  return "";
}
