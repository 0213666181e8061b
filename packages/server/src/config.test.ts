import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("config", () => {
  it("uses the embedded database, port 8080 and the mail folder by default", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailDir).toMatch(/data[/\\]mail$/);
    expect(config.publicUrl).toBe("http://localhost:8080");
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
    // An empty number is the default, not 0: a blank RATE_LIMIT_PER_SECOND must not turn the limit off.
    const blank = loadConfig({ PORT: "", RATE_LIMIT_PER_SECOND: " ", READ_CACHE_MS: "" });
    expect(blank).toMatchObject({ port: 8080, rateLimitPerSecond: 20, readCacheMs: 1000 });
  });

  it("keeps 10 PostgreSQL connections a process unless DATABASE_POOL_SIZE says otherwise", () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "" }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "40" }).databasePoolSize).toBe(40);
    for (const bad of ["0", "-1", "2.5", "many"]) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it("reads TRUST_PROXY as a switch, a hop count or a list of proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("reads OUTBOUND_ALLOWED_NETWORKS as CIDR ranges and names an entry that is not one", () => {
    expect(loadConfig({}).outboundAllowedNetworks).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOWED_NETWORKS: "10.0.0.0/8, fd00::/8" }).outboundAllowedNetworks).toEqual([
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    for (const bad of ["999.1.1.1/8", "10.0.0.0/33", "fd00::/129", "10.0.0.0", "example.com/8"]) {
      expect(() => loadConfig({ OUTBOUND_ALLOWED_NETWORKS: `10.0.0.0/8,${bad}` })).toThrow(
        new RegExp(`OUTBOUND_ALLOWED_NETWORKS.*${bad.replace(/[.]/g, "\\.")}`),
      );
    }
  });

  it("still reads the deprecated WEBHOOK_ALLOWED_NETWORKS, but only while OUTBOUND_ALLOWED_NETWORKS is unset", () => {
    expect(loadConfig({ WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8" }).outboundAllowedNetworks).toEqual(["127.0.0.0/8"]);
    const both = loadConfig({ OUTBOUND_ALLOWED_NETWORKS: "10.0.0.0/8", WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8" });
    expect(both.outboundAllowedNetworks).toEqual(["10.0.0.0/8"]);
    expect(loadConfig({ OUTBOUND_ALLOWED_NETWORKS: " ", WEBHOOK_ALLOWED_NETWORKS: "::1/128" })).toMatchObject({
      outboundAllowedNetworks: ["::1/128"],
    });
    expect(() => loadConfig({ WEBHOOK_ALLOWED_NETWORKS: "10.0.0.0" })).toThrow(/WEBHOOK_ALLOWED_NETWORKS/);
  });
});
