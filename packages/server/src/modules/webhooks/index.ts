export { createWebhookListening, type WebhookListening } from "./listen";
export { createWebhookService, type WebhookService } from "./service";
