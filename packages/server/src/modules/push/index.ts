export type { MessagePushOverride, PushDelivery } from "./delivery";
export type { StoredFcmCredential } from "./schema";
export { createPushService, type PushService } from "./service";
