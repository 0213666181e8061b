import type { TDashboardCall, TDashboardCallResponse } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { CallsTable } from "./calls-table";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/calls`;
const kim = { userId: "kim", nickname: "Kim" };
const lee = { userId: "lee", nickname: "Lee" };

function call(overrides: Partial<TDashboardCall> = {}): TDashboardCall {
  return {
    id: "c0ffee00-0000-4000-8000-000000000001",
    kind: "video",
    state: "ended",
    caller: kim,
    callee: lee,
    createdAt: "2026-03-10T09:00:00.000Z",
    acceptedAt: "2026-03-10T09:00:05.000Z",
    endedAt: "2026-03-10T09:01:20.000Z",
    durationSeconds: 75,
    endReason: "hangup",
    endedBy: "lee",
    ...overrides,
  };
}

const answered = call();
const missed = call({
  id: "c0ffee00-0000-4000-8000-000000000002",
  kind: "audio",
  state: "missed",
  caller: lee,
  callee: kim,
  acceptedAt: null,
  durationSeconds: null,
  endReason: "missed",
  endedBy: null,
});

const detail: TDashboardCallResponse = {
  call: answered,
  timeline: [
    { state: "ringing", at: "2026-03-10T09:00:00.000Z", byUserId: "kim" },
    { state: "accepted", at: "2026-03-10T09:00:05.000Z", byUserId: "lee" },
    { state: "ended", at: "2026-03-10T09:01:20.000Z", byUserId: "lee" },
  ],
};

/** The calls list and one call's detail; every list request's query is kept. */
function stubServer(calls: TDashboardCall[] = [answered, missed]) {
  const queries: URLSearchParams[] = [];
  stubFetch((rawUrl) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname === base) {
      queries.push(url.searchParams);
      const hasFilter = ["userId", "state", "from", "to"].some((name) => url.searchParams.has(name));
      return jsonResponse(200, { calls: hasFilter ? [] : calls, nextCursor: null });
    }
    if (url.pathname === `${base}/${answered.id}`) return jsonResponse(200, detail);
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return queries;
}

describe("CallsTable", () => {
  it("lists each call with both parties, kind, state, start time, m:ss duration and end reason", async () => {
    stubServer();
    renderWithRouter(<CallsTable appId={appId} />, `/apps/${appId}/calls`);
    const row = await screen.findByTestId(`call-row-${answered.id}`);
    for (const text of ["Kim", "kim", "Lee", "lee", t("calls.kind.video"), t("calls.state.ended"), "1:15"]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText(t("calls.endReason.hangup"))).toBeInTheDocument();
    const missedRow = screen.getByTestId(`call-row-${missed.id}`);
    expect(within(missedRow).getByText(t("calls.state.missed"))).toBeInTheDocument();
    expect(within(missedRow).getByText(t("calls.kind.audio"))).toBeInTheDocument();
    expect(within(missedRow).getByText("—")).toBeInTheDocument();
  });

  it("sends the user id, state and date range the filters hold as the list's query", async () => {
    const queries = stubServer();
    const { user } = renderWithRouter(<CallsTable appId={appId} />, `/apps/${appId}/calls`);
    await screen.findByTestId(`call-row-${answered.id}`);

    await user.type(screen.getByRole("searchbox", { name: t("calls.filters.userId") }), "lee");
    await user.click(screen.getByRole("combobox", { name: t("calls.filters.state") }));
    await user.click(await screen.findByRole("option", { name: t("calls.state.ended") }));
    fireEvent.change(inputByLabel(t("calls.filters.from")), { target: { value: "2026-03-01" } });
    fireEvent.change(inputByLabel(t("calls.filters.to")), { target: { value: "2026-03-10" } });

    await waitFor(() => {
      const last = queries.at(-1);
      expect(Object.fromEntries(last ?? [])).toEqual({
        limit: "20",
        userId: "lee",
        state: "ended",
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 2, 11).toISOString(),
      });
    });
    expect(await screen.findByText(t("calls.noMatch"))).toBeInTheDocument();
  });

  it("marks a range that ends before it starts and keeps asking with the last range that could match", async () => {
    const queries = stubServer();
    renderWithRouter(<CallsTable appId={appId} />, `/apps/${appId}/calls`);
    await screen.findByTestId(`call-row-${answered.id}`);
    fireEvent.change(inputByLabel(t("calls.filters.from")), { target: { value: "2026-03-10" } });
    await waitFor(() => expect(queries.at(-1)?.get("from")).toBe(new Date(2026, 2, 10).toISOString()));
    const asked = queries.length;
    fireEvent.change(inputByLabel(t("calls.filters.to")), { target: { value: "2026-03-01" } });
    expect(await screen.findByText(t("calls.filters.invalidRange"))).toBeInTheDocument();
    expect(queries).toHaveLength(asked);
  });

  it("opens a call's timeline: each state with its time and who moved the call", async () => {
    stubServer();
    const { user } = renderWithRouter(<CallsTable appId={appId} />, `/apps/${appId}/calls`);
    await user.click(await screen.findByTestId(`call-row-${answered.id}`));
    const dialog = await screen.findByRole("dialog", { name: t("calls.detail.title") });
    const timeline = await within(dialog).findByRole("list", { name: t("calls.detail.timeline") });
    const steps = within(timeline).getAllByRole("listitem");
    expect(steps.map((step) => step.getAttribute("data-testid"))).toEqual([
      "call-step-ringing",
      "call-step-accepted",
      "call-step-ended",
    ]);
    expect(steps[0]).toHaveTextContent(t("calls.timeline.ringing", { name: "Kim (kim)" }));
    expect(steps[1]).toHaveTextContent(t("calls.timeline.accepted", { name: "Lee (lee)" }));
    expect(steps[2]).toHaveTextContent(t("calls.step.ended"));
    expect(steps[2]).toHaveTextContent(t("calls.timeline.ended", { name: "Lee (lee)" }));
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
    expect(steps[1]).toHaveTextContent(format.format(new Date("2026-03-10T09:00:05.000Z")));
    expect(within(dialog).getByText(answered.id)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: t("common.close") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(
      screen.getByRole("button", { name: t("calls.detail.openNamed", { caller: "Kim (kim)", callee: "Lee (lee)" }) }),
    );
    expect(await screen.findByRole("dialog", { name: t("calls.detail.title") })).toBeInTheDocument();
  });

  it("says there are no calls yet when the app has none", async () => {
    stubServer([]);
    renderWithRouter(<CallsTable appId={appId} />, `/apps/${appId}/calls`);
    expect(await screen.findByText(t("calls.emptyTitle"))).toBeInTheDocument();
    expect(screen.getByText(t("calls.emptyBody"))).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
