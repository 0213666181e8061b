export const authKeys = {
  all: ["auth"] as const,
  emailVerified: (email: string) => [...authKeys.all, "email-verified", email] as const,
};
