import { CHUNK_LOAD_TIMEOUT_MS } from "@parley/contract";
import type { ComponentType } from "react";
import { loadStrings, type StringPart } from "@/i18n";

/** Thrown when a route module did not arrive within CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`Route module did not load within ${CHUNK_LOAD_TIMEOUT_MS} ms`);
    this.name = "ChunkLoadTimeoutError";
  }
}

/** Browsers word a failed dynamic import differently; match them all. */
const CHUNK_FAILURE_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  return error instanceof Error && CHUNK_FAILURE_PATTERNS.some((pattern) => pattern.test(error.message));
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A route's `lazy` for a module whose default export is the page component, loaded together with the texts it
 * uses (the dashboard's by default). The download is bounded by CHUNK_LOAD_TIMEOUT_MS so a stalled request ends
 * on the retry screen instead of a page that never appears.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, strings: StringPart[] = ["public", "app"]) {
  return async () => {
    const [module] = await withTimeout(Promise.all([load(), loadStrings(...strings)]));
    return { Component: module.default };
  };
}

/** `lazyPage` for the public site, whose pages need the shared texts and the site's own, not the dashboard's. */
export function lazyPublicPage(load: () => Promise<{ default: ComponentType }>) {
  return lazyPage(load, ["public", "site"]);
}
