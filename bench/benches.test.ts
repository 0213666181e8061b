import { describe, expect, it } from "vitest";
import { BENCHES } from "./benches";
import { cpuUsedMs } from "./support";

const bench = (name: string) => {
  const found = BENCHES.find((b) => b.name === name);
  if (!found) throw new Error(`no benchmark ${name}`);
  return found;
};

/** A side of a `--groups` report, as bench/chat-groups.ts writes it. */
const side = (serverUs: number, databaseUs: number | null) => ({
  deliveriesPerSecond: 9_990,
  expectedPerSecond: 10_000,
  p50Ms: 4.2,
  p99Ms: 31,
  sendAnswer: { p99Ms: 12 },
  cpuPerMessage: { serverUs, databaseUs, allPostgresUs: databaseUs === null ? null : databaseUs + 20 },
  loadWhileSending: { start: 0.5, end: 1.9 },
});

const groupsReport = (databaseUs: number | null) => ({
  members: 5000,
  groupSize: 10,
  ratePerSecond: 1000,
  parley: side(400, databaseUs),
  socketIo: side(210, null),
  goals: [{ name: "server + database CPU per message vs Socket.IO", goal: "≤ 1.0", value: 1.9, met: false }],
  load: { start: [0.62, 1, 1], end: [1.85, 1, 1] },
});

describe("the groups benchmarks", () => {
  it("run bench/chat.ts in its groups mode at the defaults, once on each database", () => {
    expect(bench("chat-groups").args).toEqual(["--groups", "10", "--database", "pglite"]);
    expect(bench("chat-groups-postgres").args).toEqual(["--groups", "10", "--database", "postgres"]);
  });

  it("record the CPU per message of both servers and the load at start and end beside the goals", () => {
    const figures = bench("chat-groups-postgres").figures?.(groupsReport(150)) ?? [];
    const value = (name: string) => figures.find((f) => f.name === name)?.value;
    expect(value("Parley server CPU per message")).toBe(400);
    expect(value("Parley database CPU per message")).toBe(150);
    expect(value("Socket.IO server CPU per message")).toBe(210);
    expect(value("load average at start, at end")).toBe("0.62, 1.85");
    expect(bench("chat-groups-postgres").goals(groupsReport(150))).toHaveLength(1);
  });

  it("say the database's CPU is in the server's figure on PGlite", () => {
    const figures = bench("chat-groups").figures?.(groupsReport(null)) ?? [];
    expect(figures.find((f) => f.name === "Parley database CPU per message")?.value).toMatch(/in the server/);
  });
});

describe("the offline layer's figures", () => {
  const loads = (p50Ms: number, scriptStarted: number) => ({
    p50Ms,
    fromScriptP50Ms: p50Ms - scriptStarted,
    stepsP50Ms: { scriptStarted },
  });
  const report = {
    outbox: { ratio: 0.9, drain: { stored: { exactlyOnce: true, inOrder: true, missing: 0, duplicated: 0 } } },
    pages: {
      storeFirstDrawMs: 20,
      networkVsStore: 2.5,
      storeFromScriptMs: 8,
      networkVsStoreFromScript: 5,
      network: loads(50, 10),
      store: loads(20, 12),
      storeOffline: loads(19, 11),
    },
    bundle: { client: { gzipBytes: 19_000 }, withOffline: { gzipBytes: 28_000 } },
  };

  it("report the first draw from script start beside the one from navigation, and the page's load before it", () => {
    const figures = bench("offline").figures?.(report) ?? [];
    const value = (name: string) => figures.find((f) => f.name === name)?.value;
    expect(value("first draw from the store, from navigation")).toBe(20);
    expect(value("first draw from the store, from script start")).toBe(8);
    expect(value("first draw from the network, from script start")).toBe(40);
    expect(value("page and script load before the script starts, from the network")).toBe(10);
    expect(value("store vs network from script start")).toBe(5);
    expect(
      bench("offline")
        .goals(report)
        .map((g) => g.value),
    ).toEqual([20, 2.5, 0.9, "all"]);
  });
});

describe("the many-senders goals", () => {
  const report = { senders: 200, ratio: 0.4, parley: { p99Ms: 60 }, rate: 3000, parleyAtRate: null };

  it("judge the rate against the batched insert and the server's CPU per message", () => {
    const goals = bench("send").goals({ ...report, ratioToBatchedInsert: 0.31, serverCpuUsPerMessage: 180 });
    expect(goals.find((g) => g.name === "messages/s vs batched insert")?.met).toBe(true);
    expect(goals.find((g) => g.name === "server CPU per message")).toMatchObject({ value: 180, met: false });
  });

  it("judge the moderation rules' cost as the server's CPU per message with them over without", () => {
    const rules = (ratio: number | null) =>
      bench("send")
        .goals({ ...report, rulesCpuRatio: ratio })
        .find((g) => g.name.includes("moderation rules"));
    expect(rules(1.15)).toMatchObject({ value: 1.15, met: true });
    expect(rules(1.3)).toMatchObject({ value: 1.3, met: false });
    expect(rules(null)?.met).toBeNull();
  });

  it("leave both unmeasured for a report from before the batched insert", () => {
    const goals = bench("send").goals(report);
    expect(goals.find((g) => g.name === "messages/s vs batched insert")?.met).toBeNull();
    expect(goals.find((g) => g.name === "server CPU per message")?.met).toBeNull();
  });
});

describe("cpuUsedMs", () => {
  it("counts a process new since the first reading whole and one gone by the second not at all", () => {
    const start = new Map([
      [1, 100],
      [2, 50],
    ]);
    const end = new Map([
      [1, 160],
      [3, 25],
    ]);
    expect(cpuUsedMs(start, end)).toBe(85);
  });
});
