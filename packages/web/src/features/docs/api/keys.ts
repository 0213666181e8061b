export const docsKeys = {
  all: ["docs"] as const,
  openApi: () => [...docsKeys.all, "openapi"] as const,
};
