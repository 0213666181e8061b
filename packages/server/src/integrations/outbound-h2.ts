import http2 from "node:http2";
import net from "node:net";
import tls from "node:tls";
import type { CheckedAddress, OutboundRequest, OutboundResponse } from "./outbound-shapes";

/**
 * HTTP/2 for the outbound guard: APNs speaks nothing else. The guard checks the URL's addresses first, as for
 * HTTP/1.1; a session is then opened to one of those addresses only, by a socket made here (so the session never
 * resolves the name itself), and kept per origin for the calls that follow, since Apple asks senders to keep their
 * connections open rather than open one per notification.
 */

/** How long an unused session stays open; Apple closes idle connections on its side after a while too. */
const IDLE_MS = 10 * 60_000;

/** Failures before any answer: the connection's or the stream's. Mapped by the guard to its own words. */
export class Http2Failure extends Error {
  constructor(readonly failure: NodeJS.ErrnoException) {
    super(failure.message);
  }
}

/** How a request ended when there was no whole answer: the timer ran out, with or without a status line. */
export class Http2Timeout extends Error {
  constructor(readonly httpStatus: number | null) {
    super("timeout");
  }
}

interface Entry {
  session: http2.ClientHttp2Session;
  address: string;
}

export function createHttp2Sessions() {
  /** Open sessions per origin, each with the checked address it is connected to. */
  const sessions = new Map<string, Set<Entry>>();

  function forget(origin: string, entry: Entry) {
    const open = sessions.get(origin);
    open?.delete(entry);
    if (open?.size === 0) sessions.delete(origin);
  }

  function open(url: URL, target: CheckedAddress): Entry {
    const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const createConnection = () =>
      url.protocol === "https:"
        ? tls.connect({
            host: target.address,
            port,
            // SNI carries a name, never an address (RFC 6066 §3); the certificate is checked against the name.
            ...(net.isIP(host) === 0 ? { servername: host } : {}),
            ALPNProtocols: ["h2"],
          })
        : net.connect({ host: target.address, port });
    const session = http2.connect(url.origin, { createConnection });
    const entry: Entry = { session, address: target.address };
    const drop = () => forget(url.origin, entry);
    // A session's own error also fails its streams, which report it to their callers; unheard, it would throw.
    session.on("error", drop);
    session.on("close", drop);
    // A GOAWAY lets the streams under way finish, but no new one may start on this session.
    session.on("goaway", drop);
    session.setTimeout(IDLE_MS, () => session.close());
    // A kept session must not hold a stopping process open.
    session.unref();
    let open = sessions.get(url.origin);
    if (!open) {
      open = new Set();
      sessions.set(url.origin, open);
    }
    open.add(entry);
    return entry;
  }

  /** A session to the origin on one of `addresses`: an open one when there is, else a new one to the first. */
  function sessionFor(url: URL, addresses: CheckedAddress[]): http2.ClientHttp2Session {
    for (const entry of sessions.get(url.origin) ?? []) {
      const { session } = entry;
      if (session.closed || session.destroyed) continue;
      if (addresses.some((a) => a.address === entry.address)) return session;
    }
    const [first] = addresses;
    if (!first) throw new Http2Failure(Object.assign(new Error("no checked address"), { code: "ENOTFOUND" }));
    return open(url, first).session;
  }

  function request(url: URL, addresses: CheckedAddress[], req: OutboundRequest): Promise<OutboundResponse> {
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      let answeredStatus: number | null = null;
      let stream: http2.ClientHttp2Stream;
      const finish = (outcome: OutboundResponse | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const timer = setTimeout(() => {
        finish(new Http2Timeout(answeredStatus));
        stream?.close(http2.constants.NGHTTP2_CANCEL);
      }, req.timeoutMs);
      try {
        const session = sessionFor(url, addresses);
        const headers: http2.OutgoingHttpHeaders = {
          ...req.headers,
          ":method": req.method,
          ":path": `${url.pathname}${url.search}`,
        };
        stream = session.request(headers, { endStream: req.body === undefined });
      } catch (err) {
        finish(err instanceof Http2Failure ? err : new Http2Failure(err as NodeJS.ErrnoException));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let answerHeaders: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader = {};
      const done = () => {
        const { ":status": _status, ...rest } = answerHeaders;
        const bytes = Buffer.concat(chunks);
        finish({ status: answeredStatus ?? 0, headers: rest, body: bytes.toString("utf8"), bytes });
      };
      stream.on("response", (headers) => {
        answerHeaders = headers;
        answeredStatus = Number(headers[":status"] ?? 0);
      });
      stream.on("data", (chunk: Buffer) => {
        if (size < req.maxBodyBytes) chunks.push(chunk.subarray(0, req.maxBodyBytes - size));
        size += chunk.length;
        if (size >= req.maxBodyBytes) {
          done();
          stream.close(http2.constants.NGHTTP2_CANCEL);
        }
      });
      stream.on("end", done);
      stream.on("error", (err: NodeJS.ErrnoException) => {
        // Streams waiting for the connection fail with a cancel whose cause is the connection's own error.
        const cause = err.code === "ERR_HTTP2_STREAM_CANCEL" && err.cause instanceof Error ? err.cause : err;
        finish(new Http2Failure(cause as NodeJS.ErrnoException));
      });
      stream.on("close", () => {
        if (answeredStatus !== null) done();
        else finish(new Http2Failure(Object.assign(new Error("stream closed"), { code: "ECONNRESET" })));
      });
      if (req.body !== undefined) stream.end(req.body);
    });
  }

  return {
    request,
    /** Ends every session at once: the server is stopping. */
    close() {
      for (const open of sessions.values()) for (const { session } of open) session.destroy();
      sessions.clear();
    },
  };
}
