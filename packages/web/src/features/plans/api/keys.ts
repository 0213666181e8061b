export const planKeys = {
  all: ["plans"] as const,
  current: () => [...planKeys.all, "current"] as const,
  usage: (range: { from: string; to: string }) => [...planKeys.all, "usage", range] as const,
};
