export { pushChatRoutes } from "./chat-routes";
export type { MessagePushOverride, PushDelivery } from "./delivery";
export { pushJobs } from "./jobs";
export { pushRoutes } from "./routes";
export type { StoredFcmCredential } from "./schema";
export { createPushService, type PushService } from "./service";
