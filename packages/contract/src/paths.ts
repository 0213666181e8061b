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
  notifications: {
    list: "/notifications",
    hidePasswordNotice: "/notifications/password-reset-required/hide",
  },
} as const;

export const API_PREFIX = "/api";
