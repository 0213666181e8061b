export const authKeys = {
  all: ["auth"] as const,
  emailVerified: (email: string) => [...authKeys.all, "email-verified", email] as const,
  currentSession: (sessionToken: string) => [...authKeys.all, "current-session", sessionToken] as const,
};
