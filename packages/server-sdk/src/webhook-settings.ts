import type { TChatWebhookSettings, TUpdateChatWebhookSettingsRequestInput } from "@parley/contract";
import { chatApi } from "@parley/contract/client";
import type { Http } from "./http";

/**
 * The app's webhook settings: where deliveries go, which events they carry, and whether they are sent. The signing
 * secret is not among them: copy it from the dashboard to check deliveries with `verifyWebhook`.
 */
export class WebhookSettings {
  constructor(private readonly http: Http) {}

  async getSettings(): Promise<TChatWebhookSettings> {
    const { settings } = await this.http.request<{ settings: TChatWebhookSettings }>("GET", chatApi.webhookSettings);
    return settings;
  }

  /**
   * Changes what `changes` gives and answers the settings. The address is refused when it points at a private or
   * loopback network (`3043`) or its host does not resolve (`3047`); `enabled: true` needs an address (`3045`).
   */
  async updateSettings(changes: TUpdateChatWebhookSettingsRequestInput): Promise<TChatWebhookSettings> {
    const { settings } = await this.http.request<{ settings: TChatWebhookSettings }>("PUT", chatApi.webhookSettings, {
      body: changes,
    });
    return settings;
  }
}
