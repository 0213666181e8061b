import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, setSession } from "@/lib/session";
import { sessionFor } from "@/testing/test-utils";
import { NOTICE_WAIT_MS, noticesPrefetched, prefetchNotices } from "./notice-prefetch";

const answer = vi.hoisted(() => ({ resolve: (_value: unknown[]) => {} }));

vi.mock("@/features/notifications/api/get-notifications", () => ({
  seesNotices: (session: unknown) => session !== null,
  notificationsQueryOptions: () => ({
    queryKey: ["notifications"],
    queryFn: () =>
      new Promise<unknown[]>((resolve) => {
        answer.resolve = resolve;
      }),
  }),
}));

async function settled(promise: Promise<unknown>) {
  const state = { isSettled: false };
  void promise.then(() => {
    state.isSettled = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

describe("notice prefetch", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
  });

  it("lets the shell show at once when nobody is signed in", async () => {
    clearSession();
    const client = new QueryClient();
    prefetchNotices(client);
    expect((await settled(noticesPrefetched())).isSettled).toBe(true);
  });

  it("holds the shell until the notices are in, and keeps them for the notice bars", async () => {
    setSession(sessionFor());
    const client = new QueryClient();
    prefetchNotices(client);
    const state = await settled(noticesPrefetched());
    expect(state.isSettled).toBe(false);
    answer.resolve([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.isSettled).toBe(true);
    expect(client.getQueryData(["notifications"])).toEqual([]);
  });

  it(`lets the shell show after ${NOTICE_WAIT_MS} ms when the notices are slow`, async () => {
    setSession(sessionFor());
    prefetchNotices(new QueryClient());
    const state = await settled(noticesPrefetched());
    await vi.advanceTimersByTimeAsync(NOTICE_WAIT_MS - 1);
    expect(state.isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.isSettled).toBe(true);
  });
});
