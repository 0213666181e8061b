import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, findProjectRoot, loadConfig, unknownSettingWarnings } from "./config";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

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

  it("keeps chat events 14 days unless EVENT_RETENTION_DAYS names another whole number of days", () => {
    expect(loadConfig({}).eventRetentionDays).toBe(14);
    expect(loadConfig({ EVENT_RETENTION_DAYS: "" }).eventRetentionDays).toBe(14);
    expect(loadConfig({ EVENT_RETENTION_DAYS: "90" }).eventRetentionDays).toBe(90);
    for (const bad of ["0", "-3", "1.5", "forever"]) {
      expect(() => loadConfig({ EVENT_RETENTION_DAYS: bad })).toThrow(/EVENT_RETENTION_DAYS/);
    }
  });

  it("reads TRUST_PROXY as a switch, a hop count or a list of proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });

  it("sets request, headers and keep-alive time-outs by default, and refuses a headers time-out past the request's", () => {
    expect(loadConfig({})).toMatchObject({
      httpRequestTimeoutMs: 120_000,
      httpHeadersTimeoutMs: 15_000,
      httpKeepAliveTimeoutMs: 72_000,
    });
    const tight = { HTTP_REQUEST_TIMEOUT_MS: "5000", HTTP_HEADERS_TIMEOUT_MS: "6000" };
    expect(() => loadConfig(tight)).toThrow(ConfigError);
    expect(() => loadConfig(tight)).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
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

  it("takes a relative DATA_DIR and WEB_DIST_DIR from the repository root, wherever the process runs", () => {
    expect(findProjectRoot(path.join(repoRoot, "packages/server/src"))).toBe(repoRoot);
    const config = loadConfig({});
    expect(config.dataDir).toBe(path.join(repoRoot, "data"));
    expect(config.webDistDir).toBe(path.join(repoRoot, "packages/web/dist"));
    expect(loadConfig({ DATA_DIR: "/srv/parley" }).dataDir).toBe("/srv/parley");
  });

  it("stops on a TRUST_PROXY entry that is not an address, a range or a hop count, naming the variable", () => {
    for (const good of ["loopback", "10.0.0.1, fd00::/8", "10.0.0.0/255.0.0.0", "3"]) {
      expect(() => loadConfig({ TRUST_PROXY: good }), good).not.toThrow();
    }
    for (const bad of ["yes", "10.0.0.0/33", "proxy.internal", "10.0.0.1,", "-1"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/Invalid configuration:\n {2}TRUST_PROXY: /);
    }
  });

  it("warns about a misspelled setting and names the one it is close to", () => {
    expect(unknownSettingWarnings({ CAMPAIN_BATCH_SIZE: "500" })).toEqual([
      "CAMPAIN_BATCH_SIZE is not a Parley setting and is ignored; did you mean CAMPAIGN_BATCH_SIZE?",
    ]);
    expect(unknownSettingWarnings({ WS_HEARTBEAT: "1000" })).toEqual([
      "WS_HEARTBEAT is not a Parley setting and is ignored; see the settings in README.md",
    ]);
    expect(unknownSettingWarnings({ PORTS: "80" })).toEqual([
      "PORTS is not a Parley setting and is ignored; did you mean PORT?",
    ]);
  });

  it("stays quiet about the settings themselves and about other programs' variables", () => {
    const env = { PORT: "80", CAMPAIGN_BATCH_SIZE: "5", HOME: "/root", PATH: "/bin", TERM: "xterm", NODE_ENV: "x" };
    expect(unknownSettingWarnings({ ...env, TEST_DATABASE_URL: "postgres://x", npm_config_cache: "/c" })).toEqual([]);
  });
});
