import type { TLinkPreview } from "@parley/contract";
import { OutboundError, type OutboundGuard } from "../../integrations/outbound";
import { decodePage, isHtml, readPreview } from "./page";

/** Bytes of a page read at most: its head, where a preview's tags are, comes long before this. */
export const PAGE_BYTES_MAX = 512 * 1024;
/** Redirects followed at most, each checked by the outbound guard as the first address was. */
export const REDIRECTS_MAX = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Why a link has no preview, for the log; the message itself just goes without one. */
export type PreviewFailure = "refused" | "unreachable" | "timeout" | "status" | "notHtml" | "redirects" | "empty";

export type PreviewOutcome = { preview: TLinkPreview } | { preview: null; failure: PreviewFailure };

/**
 * Fetches a linked page and reads its preview. Every request, the first and each redirect's, goes through the
 * outbound guard, so a link (or a page redirecting) to the server's own network is refused at the hop that would
 * reach it. The whole fetch, redirects included, has `timeoutMs`; each answer is read up to {@link PAGE_BYTES_MAX}
 * and no further. Never throws for what the remote side does: a failure is an outcome.
 */
export async function fetchLinkPreview(
  outbound: OutboundGuard,
  link: string,
  timeoutMs: number,
): Promise<PreviewOutcome> {
  const deadline = performance.now() + timeoutMs;
  let target = new URL(link);
  for (let hop = 0; hop <= REDIRECTS_MAX; hop += 1) {
    const remaining = Math.floor(deadline - performance.now());
    if (remaining <= 0) return { preview: null, failure: "timeout" };
    let answer: Awaited<ReturnType<OutboundGuard["request"]>>;
    try {
      answer = await outbound.request({
        url: target,
        method: "GET",
        headers: {
          accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
          "user-agent": "ParleyLinkPreview/1.0",
        },
        timeoutMs: remaining,
        maxBodyBytes: PAGE_BYTES_MAX,
      });
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      if (err.kind === "timeout") return { preview: null, failure: "timeout" };
      if (err.kind === "refused" || err.kind === "invalidUrl") return { preview: null, failure: "refused" };
      return { preview: null, failure: "unreachable" };
    }
    const location = answer.headers.location;
    if (REDIRECT_STATUSES.has(answer.status) && typeof location === "string") {
      try {
        target = new URL(location, target);
      } catch {
        return { preview: null, failure: "status" };
      }
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) return { preview: null, failure: "status" };
    const contentType = answer.headers["content-type"];
    if (!isHtml(contentType)) return { preview: null, failure: "notHtml" };
    const preview = readPreview(decodePage(answer.bytes, contentType), target, link);
    return preview ? { preview } : { preview: null, failure: "empty" };
  }
  return { preview: null, failure: "redirects" };
}
