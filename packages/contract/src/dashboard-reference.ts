/**
 * The dashboard API's published reference: the operations an app's owner automates (apps, API keys, webhooks, the
 * app's users and channels, exports, the audit log), each by its route, with its group, summary and the catalogue
 * codes its own rules answer. Sign-up, billing, the admin console and the dashboard's screens' other calls are not
 * published: they change with the dashboard and no customer automates them.
 *
 * Named by method and path rather than in each route, so the routes stay as they are and a route left out here is
 * simply not in the document; the server's OpenAPI test keeps every entry matched to a real route.
 */
import { auditApi } from "./audit";
import { dashboardChat } from "./dashboard-chat";
import { dataExportApi } from "./data-export";
import { Errors as E, type ErrorCode } from "./errors";
import { api } from "./paths";

/** The groups of the dashboard API's reference, in the order the docs list them. */
export const DASHBOARD_API_TAGS = ["apps", "apiKeys", "webhooks", "users", "channels", "exports", "audit"] as const;
export type TDashboardApiTag = (typeof DASHBOARD_API_TAGS)[number];

export interface DashboardOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route under `/api`, as the contract's path constants write it. */
  path: string;
  tag: TDashboardApiTag;
  summary: string;
  /** The codes this operation's own rules answer; {@link dashboardOperationErrors} adds what every call may meet. */
  errors: readonly ErrorCode[];
  /** The answer's media type when it is not JSON (the audit log's CSV). */
  produces?: string;
}

/** Every call: a missing or expired session (1001), the rate limit (005), an unexpected fault (001). */
export const DASHBOARD_API_COMMON_ERRORS: readonly ErrorCode[] = [E.NOT_LOGGED_IN, E.RATE_LIMITED, E.UNEXPECTED];
/** A call on one app: not the caller's (3003), deactivated alone (3001) or with its account's others (3002). */
export const DASHBOARD_APP_ERRORS: readonly ErrorCode[] = [
  E.APP_ACCESS_DENIED,
  E.APP_DEACTIVATED,
  E.ACCOUNT_APPS_DEACTIVATED,
];

const USER = [E.CHAT_USER_NOT_FOUND];
const CHANNEL = [E.CHANNEL_NOT_FOUND];

export const DASHBOARD_API_OPERATIONS = {
  listApps: { method: "GET", path: api.apps.list, tag: "apps", summary: "List the account's apps", errors: [] },
  createApp: {
    method: "POST",
    path: api.apps.list,
    tag: "apps",
    summary: "Create an app",
    errors: [E.ACCOUNT_KIND_FORBIDDEN, E.APP_LIMIT_REACHED, E.APP_NAME_TAKEN],
  },
  getApp: { method: "GET", path: api.apps.one, tag: "apps", summary: "Get an app", errors: [] },
  renameApp: { method: "PUT", path: api.apps.one, tag: "apps", summary: "Rename an app", errors: [E.APP_NAME_TAKEN] },
  getAppChatSettings: {
    method: "GET",
    path: api.apps.admin,
    tag: "apps",
    summary: "The app's chat settings (anonymous login and others)",
    errors: [],
  },
  updateAppChatSettings: {
    method: "PUT",
    path: api.apps.admin,
    tag: "apps",
    summary: "Change the app's chat settings",
    errors: [],
  },
  listApiKeys: {
    method: "GET",
    path: api.apps.apiKeys,
    tag: "apiKeys",
    summary: "List the app's API keys",
    errors: [],
  },
  createApiKey: {
    method: "POST",
    path: api.apps.apiKeys,
    tag: "apiKeys",
    summary: "Create an API key; its secret is shown only in this answer",
    errors: [E.API_KEY_LIMIT_REACHED],
  },
  revokeApiKey: {
    method: "DELETE",
    path: api.apps.apiKey,
    tag: "apiKeys",
    summary: "Revoke an API key",
    errors: [E.API_KEY_NOT_FOUND],
  },
  getWebhookEnabled: {
    method: "GET",
    path: api.apps.webhookEnabled,
    tag: "webhooks",
    summary: "Whether the app sends webhooks",
    errors: [],
  },
  setWebhookEnabled: {
    method: "PUT",
    path: api.apps.webhookEnabled,
    tag: "webhooks",
    summary: "Turn webhooks on or off",
    errors: [E.WEBHOOK_URL_MISSING],
  },
  getWebhookSettings: {
    method: "GET",
    path: api.apps.webhookSettings,
    tag: "webhooks",
    summary: "The webhook address, events and signing secret",
    errors: [],
  },
  updateWebhookSettings: {
    method: "PUT",
    path: api.apps.webhookSettings,
    tag: "webhooks",
    summary: "Change the webhook address and events",
    errors: [E.WEBHOOK_ADDRESS_PRIVATE, E.WEBHOOK_HOST_UNRESOLVED],
  },
  rotateWebhookSecret: {
    method: "POST",
    path: api.apps.webhookSecretRotate,
    tag: "webhooks",
    summary: "Replace the webhook signing secret",
    errors: [],
  },
  sendWebhookTest: {
    method: "POST",
    path: api.apps.webhookTest,
    tag: "webhooks",
    summary: "Send a sample event to the webhook address now",
    errors: [E.WEBHOOK_URL_MISSING, E.WEBHOOK_TEST_FAILED],
  },
  listWebhookDeliveries: {
    method: "GET",
    path: api.apps.webhookDeliveries,
    tag: "webhooks",
    summary: "The webhook log: deliveries, newest first",
    errors: [],
  },
  getWebhookDelivery: {
    method: "GET",
    path: api.apps.webhookDelivery,
    tag: "webhooks",
    summary: "One delivery with its attempts",
    errors: [E.WEBHOOK_DELIVERY_NOT_FOUND],
  },
  redeliverWebhook: {
    method: "POST",
    path: api.apps.webhookRedeliver,
    tag: "webhooks",
    summary: "Deliver a logged event again",
    errors: [E.WEBHOOK_DELIVERY_NOT_FOUND, E.WEBHOOK_URL_MISSING],
  },
  listAppUsers: {
    method: "GET",
    path: dashboardChat.users,
    tag: "users",
    summary: "List the app's users",
    errors: [],
  },
  searchAppUsers: {
    method: "GET",
    path: dashboardChat.searchUsers,
    tag: "users",
    summary: "Search the app's users by ID or nickname",
    errors: [],
  },
  activateAppUser: {
    method: "POST",
    path: dashboardChat.activate,
    tag: "users",
    summary: "Reactivate a user",
    errors: USER,
  },
  deactivateAppUser: {
    method: "POST",
    path: dashboardChat.deactivate,
    tag: "users",
    summary: "Deactivate a user",
    errors: USER,
  },
  deleteAppUser: {
    method: "DELETE",
    path: dashboardChat.user,
    tag: "users",
    summary: "Delete a user and their memberships",
    errors: USER,
  },
  eraseAppUser: {
    method: "POST",
    path: dataExportApi.eraseUser,
    tag: "users",
    summary: "Erase a user: their messages anonymized, their files removed, then the user deleted",
    errors: USER,
  },
  listAppChannels: {
    method: "GET",
    path: dashboardChat.channels,
    tag: "channels",
    summary: "List the app's channels",
    errors: [],
  },
  searchAppChannels: {
    method: "GET",
    path: dashboardChat.searchChannels,
    tag: "channels",
    summary: "Search the app's channels",
    errors: [],
  },
  getAppChannel: {
    method: "GET",
    path: dashboardChat.channel,
    tag: "channels",
    summary: "Get a channel with its invitation code",
    errors: CHANNEL,
  },
  updateAppChannel: {
    method: "PUT",
    path: dashboardChat.channel,
    tag: "channels",
    summary: "Update a channel",
    errors: [...CHANNEL, E.CHANNEL_FULL],
  },
  deleteAppChannel: {
    method: "DELETE",
    path: dashboardChat.channel,
    tag: "channels",
    summary: "Delete a channel",
    errors: CHANNEL,
  },
  freezeChannel: {
    method: "POST",
    path: dashboardChat.freeze,
    tag: "channels",
    summary: "Freeze a channel: only admin messages are accepted",
    errors: CHANNEL,
  },
  unfreezeChannel: {
    method: "POST",
    path: dashboardChat.unfreeze,
    tag: "channels",
    summary: "Unfreeze a channel",
    errors: CHANNEL,
  },
  sendAdminMessage: {
    method: "POST",
    path: dashboardChat.messages,
    tag: "channels",
    summary: "Send an admin message to a channel",
    errors: [...CHANNEL, E.MESSAGE_EMPTY, E.MESSAGE_TOO_LONG, E.MESSAGE_QUOTA_EXCEEDED, E.PROFANITY_BLOCKED],
  },
  deleteChannelMessages: {
    method: "POST",
    path: dashboardChat.deleteMessages,
    tag: "channels",
    summary: "Delete messages of a channel",
    errors: CHANNEL,
  },
  addChannelMembers: {
    method: "POST",
    path: dashboardChat.membersAdd,
    tag: "channels",
    summary: "Add users to a channel",
    errors: [...CHANNEL, E.CHAT_USER_NOT_FOUND, E.UNBAN_BEFORE_ADD, E.CHANNEL_FULL],
  },
  removeChannelMember: {
    method: "POST",
    path: dashboardChat.membersRemove,
    tag: "channels",
    summary: "Remove a member from a channel",
    errors: [...CHANNEL, E.NOT_CHANNEL_MEMBER],
  },
  muteChannelMember: {
    method: "POST",
    path: dashboardChat.mute,
    tag: "channels",
    summary: "Mute a member for some minutes",
    errors: [...CHANNEL, E.NOT_CHANNEL_MEMBER],
  },
  unmuteChannelMember: {
    method: "POST",
    path: dashboardChat.unmute,
    tag: "channels",
    summary: "Unmute a member",
    errors: [...CHANNEL, E.NOT_CHANNEL_MEMBER],
  },
  banChannelUser: {
    method: "POST",
    path: dashboardChat.ban,
    tag: "channels",
    summary: "Ban a user from a channel",
    errors: [...CHANNEL, E.CHAT_USER_NOT_FOUND],
  },
  unbanChannelUser: {
    method: "POST",
    path: dashboardChat.unban,
    tag: "channels",
    summary: "Lift a ban",
    errors: [...CHANNEL, E.CHAT_USER_NOT_FOUND],
  },
  listChannelMembers: {
    method: "GET",
    path: dashboardChat.members,
    tag: "channels",
    summary: "List a channel's members",
    errors: CHANNEL,
  },
  listMutedMembers: {
    method: "GET",
    path: dashboardChat.muted,
    tag: "channels",
    summary: "List a channel's muted members",
    errors: CHANNEL,
  },
  listBannedUsers: {
    method: "GET",
    path: dashboardChat.banned,
    tag: "channels",
    summary: "List the users banned from a channel",
    errors: CHANNEL,
  },
  listExports: {
    method: "GET",
    path: dataExportApi.exports,
    tag: "exports",
    summary: "List the app's data exports, newest first",
    errors: [E.EXPORT_OWNER_ONLY],
  },
  createExport: {
    method: "POST",
    path: dataExportApi.exports,
    tag: "exports",
    summary: "Start a data export; a mail with its download link follows",
    errors: [E.EXPORT_OWNER_ONLY, E.EXPORT_IN_PROGRESS],
  },
  getExport: {
    method: "GET",
    path: dataExportApi.export,
    tag: "exports",
    summary: "One export, its progress and its download",
    errors: [E.EXPORT_OWNER_ONLY, E.EXPORT_NOT_FOUND],
  },
  listAppAudit: {
    method: "GET",
    path: auditApi.app,
    tag: "audit",
    summary: "The app's audit log, newest first",
    errors: [],
  },
  exportAppAudit: {
    method: "GET",
    path: auditApi.appExport,
    tag: "audit",
    summary: "The app's audit log as CSV",
    errors: [],
    produces: "text/csv",
  },
  listAccountAudit: {
    method: "GET",
    path: auditApi.account,
    tag: "audit",
    summary: "The account's audit log over all its apps, newest first",
    errors: [E.ACCOUNT_KIND_FORBIDDEN],
  },
  exportAccountAudit: {
    method: "GET",
    path: auditApi.accountExport,
    tag: "audit",
    summary: "The account's audit log as CSV",
    errors: [E.ACCOUNT_KIND_FORBIDDEN],
    produces: "text/csv",
  },
} as const satisfies Record<string, DashboardOperation>;
export type TDashboardApiOperationId = keyof typeof DASHBOARD_API_OPERATIONS;

/** Every code a dashboard operation answers: its own, the app's checks on `/apps/:id/…`, input and common codes. */
export function dashboardOperationErrors(operation: DashboardOperation, options: { takesInput: boolean }): ErrorCode[] {
  const onApp = operation.path.startsWith("/apps/:id");
  return [
    ...new Set([
      ...operation.errors,
      ...(onApp ? DASHBOARD_APP_ERRORS : []),
      ...(options.takesInput ? [E.INVALID_REQUEST, E.MISSING_PARAMETER] : []),
      ...DASHBOARD_API_COMMON_ERRORS,
    ]),
  ].sort((a, b) => Number(a) - Number(b));
}
