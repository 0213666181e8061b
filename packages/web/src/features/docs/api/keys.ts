export const docsKeys = {
  all: ["docs"] as const,
  openApi: (published: string) => [...docsKeys.all, "openapi", published] as const,
};
