export const appKeys = {
  all: ["apps"] as const,
  list: () => [...appKeys.all, "list"] as const,
};
