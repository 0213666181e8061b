import {
  Errors,
  isBigintId,
  isTitledPushTemplateKey,
  PUSH_TEMPLATE_KEYS,
  type TApnsKeyRequest,
  type TApnsKeyResponse,
  type TApnsTestResponse,
  type TFcmKeyRequest,
  type TFcmKeyResponse,
  type TPushAttemptsPage,
  type TPushEnabled,
  type TPushNotificationSettings,
  type TPushTemplate,
  type TPushTemplateKey,
  type TSuperChannelPushSettings,
  type TTestPushResponse,
} from "@parley/contract";
import { and, desc, eq, lt } from "drizzle-orm";
import type { z } from "zod";
import type { Presence } from "../../chat/presence";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { ApnsClient } from "../../integrations/apns";
import type { FcmClient } from "../../integrations/fcm";
import type { pushRetryJob } from "../../jobs/catalog";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { ChatUserService } from "../chat-users";
import type { LiveReport } from "../live";
import type { PermissionService } from "../permissions";
import { parseApnsCredential, toApnsKey } from "./apns-credential";
import { parseFcmCredential, toFcmKey } from "./credential";
import { createPushDelivery, type MessagePushOverride, TEST_PUSH_BODY } from "./delivery";
import { createPushDevices } from "./devices";
import { createPushPreferences } from "./preferences";
import { pushAttempts } from "./schema";
import { createPushSender, credentialFor, toPushAttempt } from "./sender";
import {
  createPushSettings,
  defaultTemplateText,
  defaultTemplateTitle,
  type PushSettingsRow,
  templateText,
  templateTitle,
} from "./settings";

/** Attempt ids only grow, so the id alone orders the log and marks a page's end. */
function encodeAttemptCursor(id: bigint): string {
  return Buffer.from(String(id)).toString("base64url");
}

function decodeAttemptCursor(cursor: string | undefined): bigint | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (!isBigintId(text)) throw new AppError(Errors.INVALID_REQUEST);
  return BigInt(text);
}

function toTemplate(row: PushSettingsRow, key: TPushTemplateKey): TPushTemplate {
  return {
    key,
    text: templateText(row, key),
    defaultText: defaultTemplateText(row, key),
    updatedAt: row.templates[key]?.updatedAt ?? null,
    ...(isTitledPushTemplateKey(key)
      ? { title: templateTitle(row, key), defaultTitle: defaultTemplateTitle(row, key) }
      : {}),
  };
}

/** Push notifications: the dashboard's settings, end users' devices, and delivery through FCM and APNs. */
export function createPushService(
  ctx: Context,
  deps: {
    apps: AppService;
    chatUsers: ChatUserService;
    presence: Presence;
    fcm: FcmClient;
    apns: ApnsClient;
    /** The dashboard's live tail hears each notification sent and the provider's answer. */
    live?: LiveReport;
    /** Features whose messages carry their own push text (a campaign's title and body), or none. */
    messagePushOverrides: readonly MessagePushOverride[];
    /** Who may read a channel's messages: a message pushes only them (decision 0299). */
    permissions?: PermissionService;
  },
) {
  const { db } = ctx.database;
  const settings = createPushSettings(ctx);
  const devices = createPushDevices(ctx);
  const preferences = createPushPreferences(ctx, { chatUsers: deps.chatUsers });
  const sender = createPushSender(ctx, {
    settings,
    fcm: deps.fcm,
    apns: deps.apns,
    ...(deps.live ? { live: deps.live } : {}),
  });
  const delivery = createPushDelivery(ctx, {
    settings,
    presence: deps.presence,
    sender,
    messagePushOverrides: deps.messagePushOverrides,
    ...(deps.permissions ? { permissions: deps.permissions } : {}),
  });

  async function appOf(auth: Authenticated, appId: string) {
    return deps.apps.requireAppAccess(auth, appId);
  }

  const keyResponse = (row: PushSettingsRow): TFcmKeyResponse => ({
    key: row.credential && row.credentialCreatedAt ? toFcmKey(row.credential, row.credentialCreatedAt) : null,
  });
  const apnsKeyResponse = (row: PushSettingsRow): TApnsKeyResponse => ({
    key:
      row.apnsCredential && row.apnsCredentialCreatedAt
        ? toApnsKey(row.apnsCredential, row.apnsCredentialCreatedAt)
        : null,
  });

  return {
    devices,
    preferences,
    consumer: delivery.consumer,
    handleEvent: delivery.handleEvent,
    sendCallIncoming: delivery.sendCallIncoming,
    /** The `push.retry` job. */
    retry: (payload: z.infer<typeof pushRetryJob.payload>) => sender.retry(payload),

    async getKey(auth: Authenticated, appId: string): Promise<TFcmKeyResponse> {
      return keyResponse(await settings.read((await appOf(auth, appId)).id));
    },

    /**
     * A service account's `token_uri` is where the server will POST, so one that points at a refused address is
     * refused now (3063). A host that does not resolve is saved: the guard checks the address again at each use.
     */
    async saveKey(auth: Authenticated, appId: string, input: TFcmKeyRequest): Promise<TFcmKeyResponse> {
      const app = await appOf(auth, appId);
      const credential = parseFcmCredential(input);
      if (credential.tokenUri) {
        const checked = await ctx.outbound.check(new URL(credential.tokenUri));
        if (!checked.ok && checked.kind === "refused")
          throw new AppError(Errors.TOKEN_URI_PRIVATE, { reason: checked.reason });
      }
      return keyResponse(await settings.save(app.id, { credential, credentialCreatedAt: ctx.clock.now() }));
    },

    async deleteKey(auth: Authenticated, appId: string): Promise<TFcmKeyResponse> {
      const app = await appOf(auth, appId);
      return keyResponse(await settings.save(app.id, { credential: null, credentialCreatedAt: null }));
    },

    async getApnsKey(auth: Authenticated, appId: string): Promise<TApnsKeyResponse> {
      return apnsKeyResponse(await settings.read((await appOf(auth, appId)).id));
    },

    /** The key is checked here (3150); whether Apple accepts it shows at the first send, or the dashboard's test. */
    async saveApnsKey(auth: Authenticated, appId: string, input: TApnsKeyRequest): Promise<TApnsKeyResponse> {
      const app = await appOf(auth, appId);
      const apnsCredential = parseApnsCredential(input);
      return apnsKeyResponse(await settings.save(app.id, { apnsCredential, apnsCredentialCreatedAt: ctx.clock.now() }));
    },

    async deleteApnsKey(auth: Authenticated, appId: string): Promise<TApnsKeyResponse> {
      const app = await appOf(auth, appId);
      return apnsKeyResponse(await settings.save(app.id, { apnsCredential: null, apnsCredentialCreatedAt: null }));
    },

    /**
     * A test notification through the saved APNs key to one device token, answered with what Apple said. Nothing is
     * logged or retried, and a token Apple refuses is not looked for among the devices: the owner is trying a key,
     * perhaps with a token from a build of their own.
     */
    async sendApnsTest(auth: Authenticated, appId: string, token: string): Promise<TApnsTestResponse> {
      const app = await appOf(auth, appId);
      const row = await settings.read(app.id);
      if (!row.apnsCredential) throw new AppError(Errors.APNS_KEY_MISSING);
      const result = await deps.apns.send(row.apnsCredential, {
        token,
        title: app.name,
        body: TEST_PUSH_BODY,
        sound: row.notification.sound,
        badge: null,
        data: { appId: app.id, eventType: "test" },
        threadId: null,
        collapseId: null,
      });
      return {
        status: result.status === "retry" ? "failed" : result.status,
        httpStatus: result.httpStatus,
        reason: result.reason,
        apnsId: result.apnsId,
      };
    },

    async getEnabled(auth: Authenticated, appId: string): Promise<TPushEnabled> {
      return { enabled: (await settings.read((await appOf(auth, appId)).id)).enabled };
    },

    async setEnabled(auth: Authenticated, appId: string, enabled: boolean): Promise<TPushEnabled> {
      const app = await appOf(auth, appId);
      return { enabled: (await settings.save(app.id, { enabled })).enabled };
    },

    async getNotificationSettings(auth: Authenticated, appId: string): Promise<TPushNotificationSettings> {
      return (await settings.read((await appOf(auth, appId)).id)).notification;
    },

    async updateNotificationSettings(
      auth: Authenticated,
      appId: string,
      notification: TPushNotificationSettings,
    ): Promise<TPushNotificationSettings> {
      const app = await appOf(auth, appId);
      return (await settings.save(app.id, { notification })).notification;
    },

    async getSuperChannelSettings(auth: Authenticated, appId: string): Promise<TSuperChannelPushSettings> {
      return (await settings.read((await appOf(auth, appId)).id)).superChannel;
    },

    async updateSuperChannelSettings(
      auth: Authenticated,
      appId: string,
      superChannel: TSuperChannelPushSettings,
    ): Promise<TSuperChannelPushSettings> {
      const app = await appOf(auth, appId);
      return (await settings.save(app.id, { superChannel })).superChannel;
    },

    async listTemplates(auth: Authenticated, appId: string): Promise<TPushTemplate[]> {
      const row = await settings.read((await appOf(auth, appId)).id);
      return PUSH_TEMPLATE_KEYS.map((key) => toTemplate(row, key));
    },

    async getTemplate(auth: Authenticated, appId: string, key: TPushTemplateKey): Promise<TPushTemplate> {
      return toTemplate(await settings.read((await appOf(auth, appId)).id), key);
    },

    /** A title is kept only for the templates that have one; the route asks for it there. */
    async updateTemplate(
      auth: Authenticated,
      appId: string,
      key: TPushTemplateKey,
      input: { text: string; title?: string | undefined },
    ): Promise<TPushTemplate> {
      const app = await appOf(auth, appId);
      const title = isTitledPushTemplateKey(key) ? input.title : undefined;
      return toTemplate(await settings.saveTemplate(app.id, key, input.text, title), key);
    },

    /** The push log, newest first, optionally of one user. */
    async listAttempts(
      auth: Authenticated,
      appId: string,
      query: { userId?: string; cursor?: string; limit: number },
    ): Promise<TPushAttemptsPage> {
      const app = await appOf(auth, appId);
      const before = decodeAttemptCursor(query.cursor);
      const rows = await db
        .select()
        .from(pushAttempts)
        .where(
          and(
            eq(pushAttempts.appId, app.id),
            query.userId ? eq(pushAttempts.userId, query.userId) : undefined,
            before === null ? undefined : lt(pushAttempts.id, before),
          ),
        )
        .orderBy(desc(pushAttempts.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        attempts: page.map(toPushAttempt),
        nextCursor: rows.length > query.limit && last ? encodeAttemptCursor(last.id) : null,
      };
    },

    /**
     * Sends a test notification to every device of one user, each through its own provider, and answers with the
     * attempts. Only a credential is needed, not the switch: an owner checks the key before turning push on. A
     * device whose provider has no credential is left out; 3040 when that leaves none.
     */
    async sendTest(auth: Authenticated, appId: string, userId: string): Promise<TTestPushResponse> {
      const app = await appOf(auth, appId);
      const user = await deps.chatUsers.requireUser(app.id, userId);
      const row = await settings.read(app.id);
      if (!row.credential && !row.apnsCredential) throw new AppError(Errors.PUSH_NOT_CONFIGURED);
      const registered = await devices.ofUser(user.id);
      if (registered.length === 0) throw new AppError(Errors.NO_PUSH_DEVICE);
      const targets = registered.filter((device) => credentialFor(row, device.provider));
      if (targets.length === 0) throw new AppError(Errors.PUSH_NOT_CONFIGURED);
      return { attempts: await delivery.sendTest(app.id, app.name, user, targets, row) };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
