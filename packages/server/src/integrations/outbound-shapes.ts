/** The shapes of a guarded outbound call, shared by the guard (outbound.ts) and the HTTP/2 sessions it hands calls to. */
import type http from "node:http";

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundRequest {
  url: string | URL;
  method: "GET" | "POST";
  headers?: Record<string, string | number>;
  body?: string;
  timeoutMs: number;
  /** Bytes of the answer read; the connection is dropped once this many arrived. */
  maxBodyBytes: number;
  /**
   * Reuse connections (FCM and Google: few hosts, many calls). Webhooks leave it off: one idle connection per
   * customer's receiver would pile up.
   */
  keepAlive?: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's first `maxBodyBytes` bytes as UTF-8. */
  body: string;
  /** The same bytes as they came, for an answer that is not text (a file). */
  bytes: Buffer;
}
