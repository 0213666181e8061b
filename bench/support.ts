import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Language, TSignupRequest } from "@parley/contract";
import pg from "pg";

/** Where a bench creates its scratch PostgreSQL databases unless told otherwise: the local server, trust auth. */
export const DEFAULT_ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the server `adminUrl` names, dropped (with any session still on it) by `drop()`. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A database given by the caller: used as it is and left in place. */
export function givenDatabase(url: string): ScratchDatabase {
  return { url, drop: async () => {} };
}

export interface Timings {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentiles of durations in milliseconds, to two decimals. */
export function summarizeTimings(durations: number[]): Timings {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Number(ms.toFixed(2));
  return { samples: sorted.length, p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted.at(-1) ?? NaN) };
}

export function machine() {
  return { cpus: os.cpus().length, node: process.version };
}

/** Writes the report to `out` and to stdout, which carries the report alone. */
export async function writeReport(out: string, report: unknown): Promise<void> {
  const text = `${JSON.stringify(report, null, 2)}\n`;
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, text);
  process.stdout.write(text);
}

export const BENCH_PASSWORD = "Parley-bench-2026";

/** The signup every benchmark's account is made with. */
export function benchSignup(email: string, language: Language = "en"): TSignupRequest {
  return {
    email,
    password: BENCH_PASSWORD,
    name: "Bench",
    contact: "01000000000",
    companyName: "Bench",
    companyHomepage: "",
    companyAddress: { postalCode: "", address: "", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language,
  };
}
