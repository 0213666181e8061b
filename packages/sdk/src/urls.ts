import { CHAT_API_PREFIX, chatApi, fillPath } from "@parley/contract/client";

/** Values of a query string; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

// URLs are built as strings: React Native's `URL` cannot be made from another URL and has no setters (`pathname =`
// and `searchParams.set` are ignored or throw), so a URL object edited in place would come out wrong there.

/** `scheme://` at the start: an absolute URL, which needs no page to resolve against. */
const ABSOLUTE = /^[a-z][a-z\d+\-.]*:\/\//i;

/**
 * Resolves `baseUrl` to where the API is mounted: an absolute URL without query, fragment or trailing slash, e.g.
 * `https://chat.example.com` or `https://example.com/chat`. A relative one resolves against the page in a browser.
 */
export function resolveBaseUrl(baseUrl: string): string {
  let absolute = baseUrl;
  if (!ABSOLUTE.test(baseUrl)) {
    const page = (globalThis as { location?: { href?: unknown } }).location?.href;
    if (typeof page !== "string") {
      throw new TypeError(`baseUrl must be an absolute URL outside a browser, got "${baseUrl}"`);
    }
    // Only in a browser, whose URL is the full standard one.
    absolute = new URL(baseUrl || "/", page).href;
  }
  const [withoutQuery = ""] = absolute.split(/[?#]/, 1);
  const base = withoutQuery.replace(/\/+$/, "");
  if (!/^[a-z][a-z\d+\-.]*:\/\/[^/]+/i.test(base)) {
    throw new TypeError(`baseUrl must name a host, got "${baseUrl}"`);
  }
  return base;
}

/** The URL of a chat API path, e.g. `/channels/:channelId` with its params, under the `/v1` prefix. */
export function apiUrl(base: string, path: string, params: Record<string, string> = {}, query: Query = {}): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`],
  );
  const search = pairs.length > 0 ? `?${pairs.join("&")}` : "";
  return `${base}${CHAT_API_PREFIX}${fillPath(path, params)}${search}`;
}

/** The real-time link's URL: the API's, with `ws:` for `http:` and `wss:` for `https:`. */
export function socketUrl(base: string): string {
  const scheme = /^https:/i.test(base) ? "wss:" : "ws:";
  return `${base.replace(/^[a-z][a-z\d+\-.]*:/i, scheme)}${CHAT_API_PREFIX}${chatApi.ws}`;
}
