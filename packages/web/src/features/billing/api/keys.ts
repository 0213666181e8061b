export const billingKeys = {
  all: ["billing"] as const,
  card: () => [...billingKeys.all, "card"] as const,
  invoices: () => [...billingKeys.all, "invoices"] as const,
  cardSession: (sessionId: string) => [...billingKeys.all, "card-session", sessionId] as const,
};
