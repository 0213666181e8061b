import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import os from "node:os";
import { createHttp2Sessions, Http2Failure, Http2Timeout } from "./outbound-h2";
import type { CheckedAddress, OutboundRequest, OutboundResponse } from "./outbound-shapes";

export type { CheckedAddress, OutboundRequest, OutboundResponse } from "./outbound-shapes";

/**
 * Every request whose target or answer a customer influences (webhook URLs, a service account's `token_uri`, and
 * the FCM, APNs and translation calls made with a customer's credentials) goes through this guard, so a customer
 * cannot make the server call its own network: databases, metadata endpoints, admin ports, the server itself.
 *
 * The address table. IPv4 ranges are refused outright. An IPv6 address that embeds an IPv4 address (IPv4-mapped
 * `::ffff:0:0/96`, IPv4-compatible `::/96`, IPv4-translated `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96` and 6to4
 * `2002::/16`) is judged by the IPv4 address it reaches. Any other IPv6 address must be global unicast
 * (`2000::/3`) outside the blocks below. Node's BlockList matches `::ffff:a.b.c.d` against IPv4 rules but not
 * `::a.b.c.d` or `64:ff9b::a.b.c.d`, and an IPv6 rule covering `::ffff:0:0/96` (`::/0` does) matches every IPv4
 * address; so the embedded address is extracted here and each family has lists of its own.
 */
const REFUSED_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata endpoints
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, with the limited broadcast 255.255.255.255
];

/** Blocks inside global unicast `2000::/3` that are not reachable hosts. */
const REFUSED_GLOBAL_IPV6: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments: Teredo (which hides an IPv4 address), ORCHID, benchmarking
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
];

const refusedV4 = new BlockList();
for (const [network, prefix] of REFUSED_IPV4) refusedV4.addSubnet(network, prefix, "ipv4");
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
const refusedGlobalV6 = new BlockList();
for (const [network, prefix] of REFUSED_GLOBAL_IPV6) refusedGlobalV6.addSubnet(network, prefix, "ipv6");

/** The operator's exceptions, one list per family (see the table's comment for why). */
export interface AllowedNetworks {
  v4: BlockList;
  v6: BlockList;
}

/** Parses `OUTBOUND_ALLOWED_NETWORKS` (already validated as CIDR ranges by the config). */
export function allowedNetworks(cidrs: string[]): AllowedNetworks {
  const v4 = new BlockList();
  const v6 = new BlockList();
  for (const cidr of cidrs) {
    const [network = "", prefix = ""] = cidr.split("/");
    const family = isIP(network);
    if (family === 0) throw new Error(`not a CIDR range: ${cidr}`);
    if (family === 4) v4.addSubnet(network, Number(prefix), "ipv4");
    else v6.addSubnet(network, Number(prefix), "ipv6");
  }
  return { v4, v6 };
}

/** The eight 16-bit groups of a valid IPv6 address (a zone id is dropped, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The IPv4 address an IPv6 address carries by one of the embedding conventions of the table, or null. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeroUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  const last = quad(g[6] ?? 0, g[7] ?? 0);
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return last; // ::ffff:0:0/96 and ::/96
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return last; // ::ffff:0:0:0/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return last; // 64:ff9b::/96
  if (g[0] === 0x2002) return quad(g[1] ?? 0, g[2] ?? 0); // 2002::/16
  return null;
}

/** This host's own addresses, read at each check since interfaces come and go (DHCP, containers). */
function isHostAddress(address: string, family: 4 | 6): boolean {
  const own = new BlockList();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      own.addAddress(entry.address.split("%")[0] ?? "", entry.family === "IPv4" ? "ipv4" : "ipv6");
    }
  }
  return own.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether the guard refuses to connect to `address`: the table, then this host's own addresses, unless allowed. */
export function isRefusedAddress(address: string, allowed: AllowedNetworks): boolean {
  const bare = address.split("%")[0] ?? "";
  const family = isIP(bare);
  if (family === 4) {
    if (allowed.v4.check(bare, "ipv4")) return false;
    return refusedV4.check(bare, "ipv4") || isHostAddress(bare, 4);
  }
  if (family !== 6) return true;
  if (allowed.v6.check(bare, "ipv6")) return false;
  const embedded = embeddedIpv4(bare);
  if (embedded !== null) return isRefusedAddress(embedded, allowed);
  if (!globalUnicast.check(bare, "ipv6") || refusedGlobalV6.check(bare, "ipv6")) return true;
  return isHostAddress(bare, 6);
}

export type GuardResult =
  | { ok: true; addresses: CheckedAddress[] }
  | { ok: false; kind: "refused" | "unresolved"; reason: string };

/**
 * How a guarded request failed. `refused`: the address is one the guard refuses; `unresolved`: the host has no
 * address; `invalidUrl`: not an http(s) URL; `network`: no connection or it broke; `timeout`: no whole answer in
 * time (`httpStatus` is set when the status line did arrive). `reason` is safe to show the customer: it never
 * quotes the remote side beyond a status.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: "refused" | "unresolved" | "invalidUrl" | "network" | "timeout",
    readonly reason: string,
    readonly httpStatus: number | null = null,
  ) {
    super(reason);
    this.name = "OutboundError";
  }
}

export interface OutboundGuard {
  /** Resolves the URL's host and checks every address: for a settings form to refuse a URL when it is saved. */
  check(url: URL): Promise<GuardResult>;
  /**
   * One request to the address the check passed. Redirects are never followed, as the new location would escape
   * the check: a 3xx comes back as an answer for the caller to count as a failure. Rejects with `OutboundError`.
   */
  request(request: OutboundRequest): Promise<OutboundResponse>;
  /**
   * The same over HTTP/2, on a session kept per origin and checked address: for APNs, which speaks nothing else.
   * `https:` negotiates h2 by ALPN; `http:` speaks it in the clear (h2c), which only a stand-in does.
   */
  http2Request(request: Omit<OutboundRequest, "keepAlive">): Promise<OutboundResponse>;
  /** Ends the kept HTTP/2 sessions: the server is stopping. */
  close(): void;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** Node's connection errors in fixed words: their messages can quote a certificate's names or an address. */
function describeError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset by the receiver";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "receiver unreachable";
    case "ETIMEDOUT":
      return "connection timed out";
    default:
      if (err.code?.startsWith("ERR_TLS") || err.code?.includes("CERT") || err.code === "EPROTO") {
        return `TLS handshake failed (${err.code})`;
      }
      return err.code ? `connection failed (${err.code})` : "connection failed";
  }
}

/** How the guard resolves a host name: the system resolver unless a caller gives its own. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

export function createOutboundGuard(options: { allowedNetworks: string[]; resolve?: ResolveHost }): OutboundGuard {
  const allowed = allowedNetworks(options.allowedNetworks);
  const resolve = options.resolve ?? systemResolver;
  const agents = {
    "http:": new http.Agent({ keepAlive: true }),
    "https:": new https.Agent({ keepAlive: true }),
  };

  /**
   * Every address the host resolves to must pass, since the resolver may hand out any of them; the caller then
   * connects to these addresses only, so a DNS answer that changes in between (rebinding) cannot redirect it.
   */
  async function check(url: URL): Promise<GuardResult> {
    const host = hostOf(url);
    let addresses: CheckedAddress[];
    if (isIP(host) !== 0) {
      addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
    } else {
      try {
        addresses = (await resolve(host)).map((a) => ({
          address: a.address,
          family: a.family as 4 | 6,
        }));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? "lookup failed";
        return { ok: false, kind: "unresolved", reason: `host ${host} does not resolve (${code})` };
      }
    }
    if (addresses.length === 0) return { ok: false, kind: "unresolved", reason: `host ${host} has no address` };
    if (addresses.some((a) => isRefusedAddress(a.address, allowed))) {
      // The resolved address is not named: it would tell a customer what the server's internal DNS holds.
      const reason =
        isIP(host) !== 0 ? `${host} is a private or local address` : `${host} resolves to a private or local address`;
      return { ok: false, kind: "refused", reason };
    }
    return { ok: true, addresses };
  }

  /** The request's URL and the addresses it may connect to, or the guard's refusal. */
  async function checkedTarget(target: string | URL): Promise<{ url: URL; addresses: CheckedAddress[] }> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new OutboundError("invalidUrl", "the URL is not valid");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new OutboundError("invalidUrl", "the URL is not http or https");
    }
    const checked = await check(url);
    if (!checked.ok) throw new OutboundError(checked.kind, checked.reason);
    return { url, addresses: checked.addresses };
  }

  const h2 = createHttp2Sessions();

  async function http2Request(req: Omit<OutboundRequest, "keepAlive">): Promise<OutboundResponse> {
    const { url, addresses } = await checkedTarget(req.url);
    try {
      return await h2.request(url, addresses, req);
    } catch (err) {
      if (err instanceof Http2Timeout) {
        const reason =
          err.httpStatus === null
            ? `no answer within ${req.timeoutMs} ms`
            : `the answer did not finish within ${req.timeoutMs} ms`;
        throw new OutboundError("timeout", reason, err.httpStatus);
      }
      if (err instanceof Http2Failure) throw new OutboundError("network", describeError(err.failure));
      throw err;
    }
  }

  async function request(req: OutboundRequest): Promise<OutboundResponse> {
    const { url, addresses } = await checkedTarget(req.url);
    const protocol = url.protocol === "https:" ? "https:" : "http:";
    // The connection's own lookup answers with the checked addresses only: this is what makes the check hold at
    // connect time. An IP literal skips the lookup, and is the address that was checked.
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : null;
      const usable = wanted === null ? addresses : addresses.filter((a) => a.family === wanted);
      const first = usable[0];
      if (!first) {
        const err: NodeJS.ErrnoException = new Error("no checked address of this family");
        err.code = "ENOTFOUND";
        callback(err, "", 0);
        return;
      }
      if (lookupOptions.all) callback(null, usable);
      else callback(null, first.address, first.family);
    };
    const transport = protocol === "https:" ? https : http;
    const agent = req.keepAlive ? agents[protocol] : false;

    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      let answeredStatus: number | null = null;
      const finish = (outcome: OutboundResponse | OutboundError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof OutboundError) reject(outcome);
        else resolve(outcome);
      };
      const outgoing = transport.request(
        url,
        { method: req.method, headers: req.headers ?? {}, lookup: pinnedLookup, agent },
        (res) => {
          const status = res.statusCode ?? 0;
          answeredStatus = status;
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            const bytes = Buffer.concat(chunks);
            finish({ status, headers: res.headers, body: bytes.toString("utf8"), bytes });
            if (size >= req.maxBodyBytes) res.destroy();
          };
          res.on("data", (chunk: Buffer) => {
            if (size < req.maxBodyBytes) chunks.push(chunk.subarray(0, req.maxBodyBytes - size));
            size += chunk.length;
            if (size >= req.maxBodyBytes) done();
          });
          res.on("end", done);
          res.on("error", done);
        },
      );
      const timer = setTimeout(() => {
        const reason =
          answeredStatus === null
            ? `no answer within ${req.timeoutMs} ms`
            : `the answer did not finish within ${req.timeoutMs} ms`;
        finish(new OutboundError("timeout", reason, answeredStatus));
        outgoing.destroy();
      }, req.timeoutMs);
      outgoing.on("error", (err: NodeJS.ErrnoException) => finish(new OutboundError("network", describeError(err))));
      outgoing.end(req.body);
    });
  }

  return { check, request, http2Request, close: () => h2.close() };
}
