import { API_PREFIX, api as apiPaths, CHAT_API_PREFIX, chatApi } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { OpenApiDocument } from "../lib/openapi";
import { docsKeys } from "./keys";

/** The published APIs: the chat API under `/v1` and the parts of the dashboard API customers automate. */
export type PublishedApi = "chat" | "dashboard";

const documents: Record<PublishedApi, { path: string; prefix: string }> = {
  chat: { path: chatApi.openapi, prefix: CHAT_API_PREFIX },
  dashboard: { path: apiPaths.openapi, prefix: API_PREFIX },
};

/** The address a published API's OpenAPI document is served at, as the reference names it. */
export function openApiDocumentUrl(published: PublishedApi): string {
  return `${documents[published].prefix}${documents[published].path}`;
}

/** An API's OpenAPI document, as the running server describes itself. */
export function getOpenApiDocument(published: PublishedApi): Promise<OpenApiDocument> {
  const { path, prefix } = documents[published];
  return api.get(path, undefined, { prefix }) as Promise<OpenApiDocument>;
}

export const openApiDocumentQueryOptions = (published: PublishedApi) =>
  // The document changes only with a deploy; one fetch per visit is enough.
  queryOptions({
    queryKey: docsKeys.openApi(published),
    queryFn: () => getOpenApiDocument(published),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOpenApiDocument(published: PublishedApi) {
  return useQuery(openApiDocumentQueryOptions(published));
}
