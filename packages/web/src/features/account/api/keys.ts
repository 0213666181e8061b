export const accountKeys = {
  all: ["account"] as const,
  self: () => [...accountKeys.all, "self"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
};
