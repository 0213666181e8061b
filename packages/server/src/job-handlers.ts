import { outboxJobs } from "./chat/jobs";
import type { Context } from "./context";
import { idempotencyJobs } from "./http/jobs";
import type { JobHandler } from "./jobs/runtime";
import { mailJobs } from "./mail/jobs";
import { auditJobs } from "./modules/audit/wiring";
import { authJobs } from "./modules/auth/wiring";
import { billingJobs } from "./modules/billing/wiring";
import { callJobs } from "./modules/calls/wiring";
import { campaignJobs } from "./modules/campaigns/wiring";
import { channelJobs } from "./modules/channels/wiring";
import { exportJobs } from "./modules/exports/wiring";
import { fileJobs } from "./modules/files/wiring";
import { importJobs } from "./modules/imports/wiring";
import { linkPreviewJobs } from "./modules/link-previews/wiring";
import { messageJobs } from "./modules/messages/wiring";
import { metricsJobs } from "./modules/metrics/wiring";
import { pushJobs } from "./modules/push/wiring";
import { translationJobs } from "./modules/translation/wiring";
import { webhookJobs } from "./modules/webhooks/wiring";
import type { Services } from "./services";

/** Every job's handler, each written beside the module whose work it does. */
export function jobHandlers(ctx: Context, services: Services): JobHandler[] {
  return [
    ...mailJobs(ctx),
    ...idempotencyJobs(ctx),
    ...fileJobs(ctx, services),
    ...metricsJobs(ctx, services),
    ...outboxJobs(services),
    ...messageJobs(ctx, services),
    ...pushJobs(services),
    ...callJobs(services),
    ...translationJobs(services),
    ...linkPreviewJobs(ctx, services),
    ...webhookJobs(ctx, services),
    ...billingJobs(ctx, services),
    ...campaignJobs(ctx, services),
    ...channelJobs(ctx, services),
    ...authJobs(ctx, services),
    ...auditJobs(ctx, services),
    ...exportJobs(ctx, services),
    ...importJobs(ctx, services),
  ];
}
