import { LIVE_EVENT_GROUPS, LIVE_MAX_EVENTS_PER_SECOND, type TLiveEvent, type TLiveFrame } from "@parley/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { renderWithRouter, stubFetch } from "@/testing/test-utils";
import { LiveTail } from "./live-tail";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "c0ffee00-0000-4000-8000-00000000000a";

/** A stand-in server: each tail request gets a stream the test writes frames into. */
function stubTail() {
  const encoder = new TextEncoder();
  const opened: { url: URL; send: (frame: TLiveFrame) => void; end: () => void }[] = [];
  stubFetch((rawUrl) => {
    const url = new URL(rawUrl, "http://localhost");
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const send = (frame: TLiveFrame) =>
      controller.enqueue(encoder.encode(`event: ${frame.kind}\ndata: ${JSON.stringify(frame)}\n\n`));
    opened.push({ url, send, end: () => controller.close() });
    send({ kind: "ready", maxPerSecond: LIVE_MAX_EVENTS_PER_SECOND, heartbeatSeconds: 15 });
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
  });
  return opened;
}

function message(id: string, text: string, userId = "kim"): TLiveEvent {
  return {
    id,
    type: "message.created",
    at: "2026-03-10T09:00:00.000Z",
    channelId,
    userId,
    data: { id, type: "message.created", channelId, message: { text, sender: { userId } } },
  };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage("ko"));
});

describe("LiveTail", () => {
  it("shows each event as a row with its type, channel, user and summary, newest first, in Korean and English", async () => {
    const streams = stubTail();
    renderWithRouter(<LiveTail appId={appId} />);
    expect(await screen.findByText(t("liveTail.emptyTitle"))).toBeInTheDocument();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]?.url.pathname).toBe(`/api/apps/${appId}/events/live`);
    act(() => {
      streams[0]?.send({ kind: "event", event: message("1", "hello") });
      streams[0]?.send({ kind: "event", event: message("2", "second", "lee") });
    });
    const rows = await screen.findAllByTestId("live-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText("second")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText("lee")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("message.created")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText(channelId.slice(0, 8))).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "실시간 이벤트" })).toBeInTheDocument();

    await act(() => i18n.changeLanguage("en"));
    expect(screen.getByRole("heading", { name: "Live events" })).toBeInTheDocument();
    expect(screen.getByText("Live")).toBeInTheDocument();
  });

  it("says how many events the server dropped beyond its bound", async () => {
    const streams = stubTail();
    renderWithRouter(<LiveTail appId={appId} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => {
      streams[0]?.send({ kind: "dropped", count: 70, at: "2026-03-10T09:00:01.000Z" });
      streams[0]?.send({ kind: "dropped", count: 5, at: "2026-03-10T09:00:02.000Z" });
    });
    expect(await screen.findByTestId("live-dropped")).toHaveTextContent(
      t("liveTail.dropped", { count: 75, max: LIVE_MAX_EVENTS_PER_SECOND }),
    );
  });

  it("holds new rows while paused and shows them on resume", async () => {
    const streams = stubTail();
    const { user } = renderWithRouter(<LiveTail appId={appId} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]?.send({ kind: "event", event: message("1", "before") }));
    await screen.findByText("before");
    await user.click(screen.getByRole("button", { name: t("liveTail.pause") }));
    act(() => streams[0]?.send({ kind: "event", event: message("2", "during") }));
    expect(await screen.findByText(t("liveTail.status.paused", { count: 1 }))).toBeInTheDocument();
    expect(screen.queryByText("during")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("liveTail.resume") }));
    expect(await screen.findByText("during")).toBeInTheDocument();
    expect(screen.getAllByTestId("live-row")).toHaveLength(2);
  });

  it("opens a row's whole payload as JSON", async () => {
    const streams = stubTail();
    const { user } = renderWithRouter(<LiveTail appId={appId} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]?.send({ kind: "event", event: message("1", "open me") }));
    await user.click(await screen.findByText("open me"));
    const dialog = await screen.findByRole("dialog");
    const json = within(dialog).getByTestId("live-event-json");
    expect(JSON.parse(json.textContent ?? "")).toEqual(message("1", "open me"));
  });

  it("asks the server for the chosen group of event types and a user, on a new stream", async () => {
    const streams = stubTail();
    const { user } = renderWithRouter(<LiveTail appId={appId} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    await user.click(screen.getByRole("combobox", { name: t("liveTail.filters.type") }));
    await user.click(await screen.findByRole("option", { name: t("liveTail.groups.moderation") }));
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]?.url.searchParams.get("types")).toBe(LIVE_EVENT_GROUPS.moderation.join(","));
    await user.type(screen.getByLabelText(t("liveTail.filters.userId")), "lee");
    await waitFor(() => expect(streams.at(-1)?.url.searchParams.get("userId")).toBe("lee"));
  });
});
