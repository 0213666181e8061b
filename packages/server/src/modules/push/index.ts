export type { MessagePushOverride, PushDelivery } from "./delivery";
export { keptForDeletionPush } from "./plan";
export type { StoredApnsCredential, StoredFcmCredential } from "./schema";
export { createPushService, type PushService } from "./service";
