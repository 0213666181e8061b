export { webhookJobs } from "./jobs";
export { webhookRoutes } from "./routes";
export { createWebhookService, type WebhookService } from "./service";
