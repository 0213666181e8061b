export const accountKeys = {
  all: ["account"] as const,
  self: () => [...accountKeys.all, "self"] as const,
};
