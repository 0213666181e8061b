export { chatUserChatRoutes } from "./chat-routes";
export {
  activeChatUsers,
  type ChatUserSelection,
  chatUserProfilesOfApp,
  chatUsersOfApp,
  findChatUserProfile,
  findChatUsersByIds,
  findChatUsersByUserIds,
  realChatUsersOf,
} from "./queries";
export { testUserRoutes } from "./routes";
export type { ChatUserRow } from "./schema";
export { type ChatPrincipal, type ChatUserService, createChatUserService, toChatUser } from "./service";
