import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BENCHMARKS,
  type BenchResults,
  expectedPage,
  formatValue,
  PAGE_FILE,
  renderBenchmarksPage,
  wrapParagraph,
} from "./bench-page";

/** One benchmark's results with the given goals, the way bench/all.ts records them. */
const resultsWith = (goals: BenchResults["benchmarks"][string]["goals"], loadAtStart = 2.3): BenchResults => ({
  machine: { cpus: 2, node: "v20.20.2" },
  benchmarks: { send: { at: "2026-12-01T09:30:00.000Z", loadAtStart, goals } },
});

/** The table row of the goal named `name` in a rendered page. */
const rowOf = (page: string, name: string) => page.split("\n").find((line) => line.startsWith(`| ${name} `));

describe("docs/benchmarks.md", () => {
  it("is what scripts/bench-page.ts writes from bench/results.json (run npm run bench:page after editing either)", () => {
    expect(fs.readFileSync(PAGE_FILE, "utf8")).toBe(expectedPage());
  });
});

describe("renderBenchmarksPage", () => {
  it("shows a missed goal as missed and counts it in the summary", () => {
    const page = renderBenchmarksPage(
      resultsWith([{ name: "send p99, 200 senders", goal: "< 50 ms", value: 53.6, met: false }], 0.9),
    );
    expect(rowOf(page, "send p99, 200 senders")).toMatch(/\| < 50 ms +\| 53\.6 ms +\| \*\*missed\*\* +\|$/);
    expect(rowOf(page, "Many senders")).toMatch(/\| 2026-12-01 +\| 0\.9 +\| 0 +\| 1 +\| 0 +\|$/);
  });

  it("shows a goal measured on a busy machine as not judged, with its load and its value", () => {
    const page = renderBenchmarksPage(
      resultsWith([
        {
          name: "messages/s vs raw insert",
          goal: "≥ 0.5",
          value: 0.41,
          met: null,
          notJudged: "load average 2.3 at start (> 1.5); it would be missed",
        },
      ]),
    );
    expect(rowOf(page, "messages/s vs raw insert")).toContain(
      "| 0.41  | not judged: load average 2.3 at start (> 1.5); it would be missed |",
    );
    expect(page).toContain("Last recorded run: 2026-12-01, load average 2.3 at start.");
    expect(rowOf(page, "Many senders")).toMatch(/\| 0 +\| 0 +\| 1 +\|$/);
  });

  it("gives the load average at the end of the run when it was recorded", () => {
    const results = resultsWith([]);
    results.benchmarks.send = { at: "2026-12-02", loadAtStart: 0.8, loadAtEnd: 2.1, goals: [] };
    expect(renderBenchmarksPage(results)).toContain(
      "Last recorded run: 2026-12-02, load average 0.8 at start, 2.1 at end.",
    );
  });

  it("shows the figures a benchmark reports beside its goals, each in its unit", () => {
    const results = resultsWith([]);
    results.benchmarks["chat-groups"] = {
      at: "2026-12-02",
      loadAtStart: 0.8,
      goals: [],
      figures: [
        { name: "Parley server CPU per message", value: 412, unit: "µs" },
        { name: "Parley database CPU per message", value: "in the server's figure (PGlite)", unit: "µs" },
        { name: "Socket.IO deliveries a second", value: 9998, unit: "/s" },
      ],
    };
    const page = renderBenchmarksPage(results);
    expect(rowOf(page, "Parley server CPU per message")).toMatch(/\| 412 µs +\|$/);
    expect(rowOf(page, "Parley database CPU per message")).toMatch(/\| in the server's figure \(PGlite\) +\|$/);
    expect(rowOf(page, "Socket.IO deliveries a second")).toMatch(/\| 9,998 \/s +\|$/);
  });

  it("says a benchmark has no recorded run rather than leaving its section out", () => {
    const page = renderBenchmarksPage(resultsWith([]));
    expect(page.match(/^## /gm)).toHaveLength(BENCHMARKS.length);
    expect(page).toContain("No run recorded yet.");
  });

  it("refuses results of a benchmark the page does not describe", () => {
    const results = resultsWith([]);
    results.benchmarks["no-such-bench"] = { at: "2026-12-01", loadAtStart: 0.5, goals: [] };
    expect(() => renderBenchmarksPage(results)).toThrow(/no-such-bench/);
  });
});

describe("formatValue", () => {
  it("gives each value in the unit its goal names, from the milliseconds and bytes bench/all.ts records", () => {
    expect(formatValue({ name: "p99", goal: "< 100 ms", value: 38, met: true })).toBe("38 ms");
    expect(formatValue({ name: "server CPU", goal: "≤ 150 µs", value: 182, met: false })).toBe("182 µs");
    expect(formatValue({ name: "whole send", goal: "< 20 s", value: 12_400, met: true })).toBe("12.4 s");
    expect(formatValue({ name: "home JS", goal: "≤ 90 KB", value: 1_100, met: true })).toBe("1.1 KB");
    expect(formatValue({ name: "ratio", goal: "≥ 0.5", value: 1.0094, met: true })).toBe("1.009");
    expect(formatValue({ name: "not measured", goal: "≥ 0.5", value: null, met: null })).toBe("–");
  });
});

describe("wrapParagraph", () => {
  it("never starts a line with what Markdown would read as a list item", () => {
    const text = `${"word ".repeat(23)}abcd + 3,000 + 1,000`;
    for (const line of wrapParagraph(text, 120).split("\n")) expect(line).not.toMatch(/^[-+*] /);
  });
});
