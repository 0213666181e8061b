import type { TAdminActionRecord } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { isStoppedByAdmin } from "./service-stop";

const record = (id: string, action: TAdminActionRecord["action"], at: string): TAdminActionRecord => ({
  id,
  action,
  detail: {},
  adminEmail: "admin@parley.example",
  at,
});

describe("isStoppedByAdmin", () => {
  it("is false without any service action", () => {
    expect(isStoppedByAdmin([record("1", "trial.extend", "2026-01-02T00:00:00.000Z")])).toBe(false);
  });

  it("follows the newest service action, whatever came between", () => {
    const stop = record("1", "service.stop", "2026-01-01T00:00:00.000Z");
    const restore = record("2", "service.restore", "2026-01-03T00:00:00.000Z");
    const unlock = record("3", "account.unlock", "2026-01-04T00:00:00.000Z");
    expect(isStoppedByAdmin([unlock, restore, stop])).toBe(false);
    expect(isStoppedByAdmin([unlock, stop])).toBe(true);
  });

  it("takes the first of records with the same time, as the server lists the newest first", () => {
    const at = "2026-01-01T00:00:00.000Z";
    expect(isStoppedByAdmin([record("2", "service.stop", at), record("1", "service.restore", at)])).toBe(true);
  });
});
