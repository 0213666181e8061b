import { CHAT_API_PREFIX, chatApi } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { OpenApiDocument } from "../lib/openapi";
import { docsKeys } from "./keys";

/** The chat API's OpenAPI document, as the running server describes itself. */
export function getOpenApiDocument(): Promise<OpenApiDocument> {
  return api.get(chatApi.openapi, undefined, { prefix: CHAT_API_PREFIX }) as Promise<OpenApiDocument>;
}

export const openApiDocumentQueryOptions = () =>
  // The document changes only with a deploy; one fetch per visit is enough.
  queryOptions({ queryKey: docsKeys.openApi(), queryFn: getOpenApiDocument, staleTime: Number.POSITIVE_INFINITY });

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
