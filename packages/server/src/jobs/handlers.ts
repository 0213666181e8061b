import { outboxJobs } from "../chat/jobs";
import type { Context } from "../context";
import { idempotencyJobs } from "../http/jobs";
import { mailJobs } from "../mail/jobs";
import { auditJobs } from "../modules/audit";
import { authJobs } from "../modules/auth";
import { billingJobs } from "../modules/billing";
import { callJobs } from "../modules/calls";
import { campaignJobs } from "../modules/campaigns";
import { channelJobs } from "../modules/channels";
import { exportJobs } from "../modules/exports";
import { fileJobs } from "../modules/files";
import { metricsJobs } from "../modules/metrics";
import { pushJobs } from "../modules/push";
import { translationJobs } from "../modules/translation";
import { webhookJobs } from "../modules/webhooks";
import type { Services } from "../services";
import type { JobHandler } from "./runtime";

/** Every job's handler, each written beside the module whose work it does. */
export function jobHandlers(ctx: Context, services: Services): JobHandler[] {
  return [
    ...mailJobs(ctx),
    ...idempotencyJobs(ctx),
    ...fileJobs(ctx, services),
    ...metricsJobs(ctx, services),
    ...outboxJobs(services),
    ...pushJobs(services),
    ...callJobs(services),
    ...translationJobs(services),
    ...webhookJobs(ctx, services),
    ...billingJobs(ctx, services),
    ...campaignJobs(ctx, services),
    ...channelJobs(ctx, services),
    ...authJobs(ctx, services),
    ...auditJobs(ctx, services),
    ...exportJobs(ctx, services),
  ];
}
