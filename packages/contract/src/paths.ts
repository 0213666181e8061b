/** Dashboard API paths, relative to `/api`. One place, so the server routes and the web fetchers agree. */
export const api = {
  health: "/health",
  auth: {
    signup: "/auth/signup",
    login: "/auth/login",
    logout: "/auth/logout",
    passwordReset: "/auth/password/reset",
    passwordResetConfirm: "/auth/password/reset/confirm",
    emailVerified: "/auth/email/verified",
    emailVerificationSend: "/auth/email/verification/send",
    emailVerificationConfirm: "/auth/email/verification/confirm",
  },
  account: {
    self: "/account",
    password: "/account/password",
  },
  apps: {
    list: "/apps",
    one: "/apps/:id",
    admin: "/apps/:id/admin",
    apiKeys: "/apps/:id/api-keys",
    apiKey: "/apps/:id/api-keys/:keyId",
    profanityEnabled: "/apps/:id/profanity/filter/enabled",
    profanity: "/apps/:id/profanity/filter",
  },
  metrics: {
    apps: "/metrics/apps",
    app: "/metrics/apps/:appId",
    export: "/metrics/apps/:appId/export",
    emails: "/metrics/emails",
  },
  notifications: {
    list: "/notifications",
    hidePasswordNotice: "/notifications/password-reset-required/hide",
  },
} as const;

export const API_PREFIX = "/api";

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
