import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  allowedNetworks,
  createOutboundGuard,
  embeddedIpv4,
  isRefusedAddress,
  OutboundError,
  type ResolveHost,
} from "./outbound";

const none = allowedNetworks([]);
const loopback = allowedNetworks(["127.0.0.0/8", "::1/128"]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("outbound address table", () => {
  it.each([
    ["0.0.0.0/8", "0.1.2.3"],
    ["10.0.0.0/8", "10.255.0.1"],
    ["100.64.0.0/10", "100.127.255.254"],
    ["127.0.0.0/8", "127.0.0.1"],
    ["169.254.0.0/16", "169.254.169.254"],
    ["172.16.0.0/12", "172.31.0.1"],
    ["192.0.0.0/24", "192.0.0.8"],
    ["192.0.2.0/24", "192.0.2.10"],
    ["192.88.99.0/24", "192.88.99.1"],
    ["192.168.0.0/16", "192.168.1.1"],
    ["198.18.0.0/15", "198.19.255.254"],
    ["198.51.100.0/24", "198.51.100.7"],
    ["203.0.113.0/24", "203.0.113.200"],
    ["224.0.0.0/4", "239.255.255.250"],
    ["240.0.0.0/4", "240.0.0.1"],
    ["the limited broadcast", "255.255.255.255"],
  ])("refuses IPv4 %s (%s)", (_, address) => {
    expect(isRefusedAddress(address, none)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "198.20.0.1", "223.255.255.255"])(
    "allows the public IPv4 address %s",
    (address) => {
      expect(isRefusedAddress(address, none)).toBe(false);
    },
  );

  it.each([
    ["the unspecified address", "::"],
    ["loopback", "::1"],
    ["link-local fe80::/10", "fe80::1"],
    ["unique local fc00::/7", "fd12:3456::1"],
    ["site-local fec0::/10", "fec0::1"],
    ["multicast ff00::/8", "ff02::1"],
    ["global multicast", "ff0e::101"],
    ["documentation 2001:db8::/32", "2001:db8::1"],
    ["documentation 3fff::/20", "3fff:1::1"],
    ["Teredo 2001::/32", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["discard-only 100::/64", "100::1"],
    ["local-use NAT64 64:ff9b:1::/48", "64:ff9b:1::808:808"],
    ["SRv6 5f00::/16", "5f00::1"],
  ])("refuses IPv6 %s (%s)", (_, address) => {
    expect(isRefusedAddress(address, none)).toBe(true);
  });

  it.each(["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"])(
    "allows the global unicast IPv6 address %s",
    (address) => {
      expect(isRefusedAddress(address, none)).toBe(false);
    },
  );

  it.each([
    ["IPv4-mapped, dotted", "::ffff:127.0.0.1", "127.0.0.1"],
    ["IPv4-mapped, hex (as the URL parser writes it)", "::ffff:a00:1", "10.0.0.1"],
    ["IPv4-compatible", "::127.0.0.1", "127.0.0.1"],
    ["IPv4-compatible, hex", "::a9fe:a9fe", "169.254.169.254"],
    ["IPv4-translated", "::ffff:0:c0a8:101", "192.168.1.1"],
    ["NAT64", "64:ff9b::10.0.0.1", "10.0.0.1"],
    ["NAT64, hex", "64:ff9b::7f00:1", "127.0.0.1"],
    ["6to4", "2002:c0a8:101::1", "192.168.1.1"],
    ["6to4 of loopback", "2002:7f00:1::", "127.0.0.1"],
  ])("refuses %s %s, which reaches %s", (_, address, ipv4) => {
    expect(embeddedIpv4(address)).toBe(ipv4);
    expect(isRefusedAddress(address, none)).toBe(true);
  });

  it.each(["::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:808:808::1", "::ffff:0:101:101"])(
    "judges %s by the public IPv4 address it embeds, and allows it",
    (address) => {
      expect(isRefusedAddress(address, none)).toBe(false);
    },
  );

  it("does not take a global IPv6 address for an embedding one", () => {
    expect(embeddedIpv4("2606:4700:4700::1111")).toBeNull();
    expect(embeddedIpv4("64:ff9b:1::808:808")).toBeNull();
  });

  it("lets the operator's allow-list through, embedded forms included, and nothing else", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "::127.0.0.1", "2002:7f00:1::"]) {
      expect(isRefusedAddress(address, loopback)).toBe(false);
    }
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "169.254.169.254"]) {
      expect(isRefusedAddress(address, loopback)).toBe(true);
    }
    const privateRange = allowedNetworks(["10.20.0.0/16"]);
    expect(isRefusedAddress("10.20.5.5", privateRange)).toBe(false);
    expect(isRefusedAddress("10.21.5.5", privateRange)).toBe(true);
  });

  it("does not let an IPv6 allow-list entry open IPv4 addresses, as one BlockList would", () => {
    const allIpv6 = allowedNetworks(["::/0"]);
    expect(isRefusedAddress("2001:db8::1", allIpv6)).toBe(false);
    expect(isRefusedAddress("10.0.0.1", allIpv6)).toBe(true);
  });

  it("refuses this host's own interface addresses, even public ones", () => {
    vi.spyOn(os, "networkInterfaces").mockReturnValue({
      eth0: [
        {
          address: "8.8.4.4",
          netmask: "255.255.255.0",
          family: "IPv4",
          mac: "00:00:00:00:00:00",
          internal: false,
          cidr: "8.8.4.4/24",
        },
        {
          address: "2606:4700::6810:84e5",
          netmask: "ffff:ffff:ffff:ffff::",
          family: "IPv6",
          mac: "00:00:00:00:00:00",
          internal: false,
          cidr: "2606:4700::6810:84e5/64",
          scopeid: 0,
        },
      ],
    });
    expect(isRefusedAddress("8.8.4.4", none)).toBe(true);
    expect(isRefusedAddress("::ffff:8.8.4.4", none)).toBe(true);
    expect(isRefusedAddress("2606:4700::6810:84e5", none)).toBe(true);
    expect(isRefusedAddress("8.8.8.8", none)).toBe(false);
  });

  it("refuses every address of this machine's own interfaces (eth0 and the like)", () => {
    const own = Object.values(os.networkInterfaces()).flatMap((entries) => entries ?? []);
    expect(own.length).toBeGreaterThan(0);
    for (const entry of own) expect(isRefusedAddress(entry.address, none)).toBe(true);
  });
});

describe("outbound guard", () => {
  const requests: { url: string; host: string }[] = [];
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push({ url: req.url ?? "", host: req.headers.host ?? "" });
      if (req.url === "/redirect") {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/inside` });
        res.end("moved");
        return;
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("x".repeat(10_000));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterEach(() => {
    requests.length = 0;
  });

  const request = (guard: ReturnType<typeof createOutboundGuard>, url: string) =>
    guard.request({ url, method: "GET", timeoutMs: 2_000, maxBodyBytes: 100 });

  it("refuses a private literal and a name resolving to loopback without naming the resolved address", async () => {
    const guard = createOutboundGuard({ allowedNetworks: [] });
    expect(await guard.check(new URL("http://[::127.0.0.1]/"))).toEqual({
      ok: false,
      kind: "refused",
      reason: "::7f00:1 is a private or local address",
    });
    const named = await guard.check(new URL("http://localhost:9/"));
    expect(named).toEqual({ ok: false, kind: "refused", reason: "localhost resolves to a private or local address" });
    await expect(request(guard, `http://127.0.0.1:${port}/`)).rejects.toMatchObject({ kind: "refused" });
    expect(requests).toEqual([]);
  });

  it("refuses a host when any one of its addresses is refused", async () => {
    const resolve = async () => [
      { address: "8.8.8.8", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    const guard = createOutboundGuard({ allowedNetworks: [], resolve });
    expect(await guard.check(new URL("https://mixed.example/"))).toMatchObject({ ok: false, kind: "refused" });
  });

  it("reports a host that does not resolve as unresolved", async () => {
    const guard = createOutboundGuard({ allowedNetworks: [] });
    expect(await guard.check(new URL("https://no-such-host.invalid/"))).toEqual({
      ok: false,
      kind: "unresolved",
      reason: expect.stringMatching(/^host no-such-host\.invalid does not resolve \((ENOTFOUND|EAI_AGAIN)\)$/),
    });
  });

  it("connects to the address it checked and resolves the name only once, so rebinding cannot move the call", async () => {
    // The second answer, were it asked for, would point at a refused address.
    const resolve = vi
      .fn<ResolveHost>()
      .mockResolvedValueOnce([{ address: "127.0.0.1", family: 4 }])
      .mockResolvedValue([{ address: "10.0.0.1", family: 4 }]);
    const guard = createOutboundGuard({ allowedNetworks: ["127.0.0.0/8"], resolve });
    const answer = await request(guard, `http://rebind.example:${port}/pinned`);
    expect(answer.status).toBe(200);
    expect(requests).toEqual([{ url: "/pinned", host: `rebind.example:${port}` }]);
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("does not follow a redirect and hands the 3xx back", async () => {
    const guard = createOutboundGuard({ allowedNetworks: ["127.0.0.0/8"] });
    const answer = await request(guard, `http://127.0.0.1:${port}/redirect`);
    expect(answer.status).toBe(302);
    expect(requests.map((r) => r.url)).toEqual(["/redirect"]);
  });

  it("reads no more of an answer than asked", async () => {
    const guard = createOutboundGuard({ allowedNetworks: ["127.0.0.0/8"] });
    expect((await request(guard, `http://127.0.0.1:${port}/big`)).body).toBe("x".repeat(100));
  });

  it("refuses a URL that is not http or https", async () => {
    const guard = createOutboundGuard({ allowedNetworks: [] });
    const failure = await request(guard, "file:///etc/passwd").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(OutboundError);
    expect(failure).toMatchObject({ kind: "invalidUrl" });
  });
});
