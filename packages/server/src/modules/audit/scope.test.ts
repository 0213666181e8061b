import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUDIT_SCOPE_LINGER_MS,
  type AuditScope,
  auditStorageEnabled,
  closeAuditScope,
  currentAuditScope,
  openAuditScope,
} from "./scope";

const scopeNamed = (action: string): AuditScope => ({
  actor: () => null,
  accountId: () => null,
  appId: null,
  ip: null,
  action,
  path: "/",
  request: {},
  entryId: null,
});

/** A turn of the event loop's promise jobs, as a handler's `await` takes. */
const later = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the audit scope's storage", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("turns off once no audited request has been open for the linger time, and not before", () => {
    openAuditScope(scopeNamed("a"), () => undefined);
    expect(auditStorageEnabled()).toBe(true);
    closeAuditScope();
    vi.advanceTimersByTime(AUDIT_SCOPE_LINGER_MS - 1);
    expect(auditStorageEnabled()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(auditStorageEnabled()).toBe(false);
  });

  it("keeps the scope of a request still running when another ends and the linger time passes", async () => {
    const first = scopeNamed("first");
    let seen: AuditScope | undefined;
    const running = openAuditScope(first, async () => {
      await later();
      vi.advanceTimersByTime(AUDIT_SCOPE_LINGER_MS * 2);
      await later();
      seen = currentAuditScope();
    });
    openAuditScope(scopeNamed("second"), () => undefined);
    closeAuditScope();
    await running;
    closeAuditScope();
    expect(seen).toBe(first);
  });

  it("finds the scope of a request opened after the storage turned off", async () => {
    openAuditScope(scopeNamed("before"), () => undefined);
    closeAuditScope();
    vi.advanceTimersByTime(AUDIT_SCOPE_LINGER_MS);
    expect(auditStorageEnabled()).toBe(false);

    const after = scopeNamed("after");
    const seen = await openAuditScope(after, async () => {
      await later();
      return currentAuditScope();
    });
    closeAuditScope();
    expect(seen).toBe(after);
    expect(currentAuditScope()).toBeUndefined();
  });

  it("does not turn off at a linger begun before a request that is still open", () => {
    openAuditScope(scopeNamed("a"), () => undefined);
    closeAuditScope();
    vi.advanceTimersByTime(AUDIT_SCOPE_LINGER_MS / 2);
    openAuditScope(scopeNamed("b"), () => undefined);
    vi.advanceTimersByTime(AUDIT_SCOPE_LINGER_MS * 2);
    expect(auditStorageEnabled()).toBe(true);
    closeAuditScope();
    vi.advanceTimersByTime(AUDIT_SCOPE_LINGER_MS);
    expect(auditStorageEnabled()).toBe(false);
  });
});
