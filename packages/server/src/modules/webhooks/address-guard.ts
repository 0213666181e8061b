import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Networks a webhook must not reach: a dashboard user could otherwise make the server call its own internal
 * services (databases, metadata endpoints, admin ports). IPv4-mapped IPv6 forms (`::ffff:10.0.0.1`) are caught
 * too, as BlockList checks them against the IPv4 rules.
 */
const REFUSED: [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
];

const refused = new BlockList();
for (const [network, prefix, family] of REFUSED) refused.addSubnet(network, prefix, family);

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export type GuardResult =
  | { ok: true; address: CheckedAddress }
  | { ok: false; kind: "refused" | "unresolved"; reason: string };

/** The operator's exceptions (`WEBHOOK_ALLOWED_NETWORKS`), parsed once. */
export function allowedNetworks(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network = "", prefix = ""] = cidr.split("/");
    const family = isIP(network);
    if (family === 0) throw new Error(`not a CIDR range: ${cidr}`);
    list.addSubnet(network, Number(prefix), family === 4 ? "ipv4" : "ipv6");
  }
  return list;
}

export function isRefusedAddress(address: string, allowed: BlockList): boolean {
  const type = isIP(address) === 6 ? "ipv6" : "ipv4";
  return refused.check(address, type) && !allowed.check(address, type);
}

/**
 * Resolves the URL's host and checks every address it has: one private address among public ones is enough to
 * refuse, since the resolver may hand either out. The caller connects to the returned address, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot redirect the request.
 */
export async function checkWebhookUrl(url: URL, allowed: BlockList): Promise<GuardResult> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: CheckedAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? "lookup failed";
      return { ok: false, kind: "unresolved", reason: `host ${host} does not resolve (${code})` };
    }
  }
  const bad = addresses.find((a) => isRefusedAddress(a.address, allowed));
  if (bad) {
    return { ok: false, kind: "refused", reason: `${host} resolves to ${bad.address}, a private or local address` };
  }
  const first = addresses[0];
  if (!first) return { ok: false, kind: "unresolved", reason: `host ${host} has no address` };
  return { ok: true, address: first };
}
