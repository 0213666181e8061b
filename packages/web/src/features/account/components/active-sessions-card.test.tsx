import type { TActiveSession } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { RequireAuth } from "@/app/guards";
import { i18n } from "@/i18n";
import { getSession, SESSION_STORAGE_KEY, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import { ActiveSessionsCard } from "./active-sessions-card";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const thisBrowser: TActiveSession = {
  id: "3f1c9a52-6d0e-4b8a-9c1e-2a7b5d4e6f01",
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  createdAt: "2026-03-02T01:00:00.000Z",
  lastUsedAt: "2026-03-05T09:30:00.000Z",
  current: true,
};
const phone: TActiveSession = {
  id: "8b2d4f61-1a3c-4e5f-8a9b-0c1d2e3f4a5b",
  userAgent:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  createdAt: "2026-02-20T12:00:00.000Z",
  lastUsedAt: "2026-03-04T22:15:00.000Z",
  current: false,
};

/** Behind the same guard as the settings page, which leaves it the moment the session is cleared. */
function renderCard() {
  return renderRoutes(
    [
      { element: <RequireAuth />, children: [{ path: "/settings", element: <ActiveSessionsCard /> }] },
      { path: "/", element: <p>home</p> },
    ],
    { initialEntries: ["/settings"] },
  );
}

const requests = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`);

describe("ActiveSessionsCard", () => {
  beforeEach(() => setSession(sessionFor()));

  it("lists every session with its device and times, this device first with a chip in place of End", async () => {
    stubFetch(() => jsonResponse(200, { sessions: [phone, thisBrowser] }));
    renderCard();

    expect(screen.getByRole("heading", { level: 2, name: t("settings.sessions.title") })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: t("settings.sessions.title") });
    const [first, second] = within(list).getAllByRole("listitem");
    if (!first || !second) throw new Error("expected two sessions");

    expect(within(first).getByText("Windows의 Chrome")).toBeInTheDocument();
    expect(within(first).getByText(t("settings.sessions.thisDevice"))).toBeInTheDocument();
    expect(within(first).queryByRole("button")).not.toBeInTheDocument();
    expect(
      within(first).getByText(t("settings.sessions.lastActiveAt", { time: dateTime(thisBrowser.lastUsedAt) })),
    ).toBeInTheDocument();

    expect(within(second).getByText("iPhone의 Safari")).toBeInTheDocument();
    expect(within(second).queryByText(t("settings.sessions.thisDevice"))).not.toBeInTheDocument();
    expect(
      within(second).getByText(t("settings.sessions.signedInAt", { time: dateTime(phone.createdAt) })),
    ).toBeInTheDocument();
    expect(
      within(second).getByRole("button", { name: t("settings.sessions.endLabel", { device: "iPhone의 Safari" }) }),
    ).toBeInTheDocument();
  });

  it("ends another session with DELETE on its id, then shows the list without it", async () => {
    let ended = false;
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === "DELETE" && url === `/api/auth/sessions/${phone.id}`) {
        ended = true;
        return jsonResponse(200, { ok: true });
      }
      return jsonResponse(200, { sessions: ended ? [thisBrowser] : [thisBrowser, phone] });
    });
    const { user } = renderCard();

    await user.click(
      await screen.findByRole("button", { name: t("settings.sessions.endLabel", { device: "iPhone의 Safari" }) }),
    );

    expect(await screen.findByText(t("settings.sessions.ended", { device: "iPhone의 Safari" }))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("iPhone의 Safari")).not.toBeInTheDocument());
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(requests(fetchMock)).toEqual([
      "GET /api/auth/sessions",
      `DELETE /api/auth/sessions/${phone.id}`,
      "GET /api/auth/sessions",
    ]);
    expect(getSession()).not.toBeNull();
  });

  it("logs out everywhere only once confirmed, then clears this browser's session and goes home", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === "DELETE" && url === "/api/auth/sessions") return jsonResponse(200, { ended: 2 });
      return jsonResponse(200, { sessions: [thisBrowser, phone] });
    });
    const { router, user } = renderCard();

    await user.click(await screen.findByRole("button", { name: t("settings.sessions.endAll") }));
    const dialog = await screen.findByRole("dialog", { name: t("settings.sessions.endAllTitle") });
    expect(within(dialog).getByText(t("settings.sessions.endAllBody"))).toBeInTheDocument();
    expect(requests(fetchMock)).toEqual(["GET /api/auth/sessions"]);

    await user.click(within(dialog).getByRole("button", { name: t("settings.sessions.endAll") }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(requests(fetchMock)).toEqual(["GET /api/auth/sessions", "DELETE /api/auth/sessions"]);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText(t("settings.sessions.endedAll"))).toBeInTheDocument();
  });

  it("keeps the session and closes the dialog when logging out everywhere fails", async () => {
    stubFetch((_url, init) =>
      init?.method === "DELETE"
        ? jsonResponse(500, { code: "1007", message: "fault" })
        : jsonResponse(200, { sessions: [thisBrowser] }),
    );
    const { router, user } = renderCard();

    await user.click(await screen.findByRole("button", { name: t("settings.sessions.endAll") }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: t("settings.sessions.endAll") }));

    expect(await screen.findByText(t("ERROR_1007"))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(getSession()).not.toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("shows a load failure with a retry that loads the list", async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { code: "001", message: "fault" })
        : jsonResponse(200, { sessions: [thisBrowser] });
    });
    const { user } = renderCard();

    expect(await screen.findByText(t("ERROR_001"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("common.retry") }));
    expect(await screen.findByText("Windows의 Chrome")).toBeInTheDocument();
  });
});
