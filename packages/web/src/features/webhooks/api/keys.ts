import type { TWebhookEvent } from "@parley/contract";

export type DeliveryFilter = "all" | "failed";

export const webhookKeys = {
  all: ["webhooks"] as const,
  app: (appId: string) => [...webhookKeys.all, appId] as const,
  enabled: (appId: string) => [...webhookKeys.app(appId), "enabled"] as const,
  settings: (appId: string) => [...webhookKeys.app(appId), "settings"] as const,
  sample: (appId: string, event: TWebhookEvent) => [...webhookKeys.app(appId), "sample", event] as const,
  deliveriesRoot: (appId: string) => [...webhookKeys.app(appId), "deliveries"] as const,
  deliveries: (appId: string, status: DeliveryFilter) =>
    [...webhookKeys.deliveriesRoot(appId), "list", status] as const,
  delivery: (appId: string, deliveryId: string) => [...webhookKeys.deliveriesRoot(appId), "one", deliveryId] as const,
};
