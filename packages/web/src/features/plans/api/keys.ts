export const planKeys = {
  all: ["plans"] as const,
  current: () => [...planKeys.all, "current"] as const,
};
