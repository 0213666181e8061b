export type { BlockService } from "./blocks";
export { userExportSection } from "./export";
export { type ImportedUserRow, writeImportedUsers } from "./import-pages";
export { toChatUser } from "./mapping";
export {
  activeChatUsers,
  blockerIdsOf,
  blockersInChannel,
  type ChatUserSelection,
  chatUserProfilesOfApp,
  chatUsersOfApp,
  findChatUserProfile,
  findChatUsersByIds,
  findChatUsersByUserIds,
  isBlockedByAny,
  notBlockedBy,
  notBlockedUserIdBy,
  realChatUsersOf,
} from "./queries";
export type { ChatUserRow } from "./schema";
export {
  type ChatPrincipal,
  type ChatUserService,
  createChatUserService,
  type SignInMembership,
  type SocketSignIn,
} from "./service";
