export type { MessagePushOverride, PushDelivery } from "./delivery";
export { keptForDeletionPush } from "./plan";
export type { StoredFcmCredential } from "./schema";
export { createPushService, type PushService } from "./service";
