import type { TMessage, TReportQueueItem, TReportTargetDetail } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ReportQueue } from "./report-queue";
import { actionsFor } from "./report-target-dialog";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/reports`;
const channelId = "7d0e4c1a-3b5f-4f2e-9a61-2c8b9e0d4f17";

function message(seq: number, text: string, sender = "kim"): TMessage {
  return {
    id: `c3a9f2d4-6e1b-4a7c-8d05-91f3b2e6a8${String(seq).padStart(2, "0")}`,
    channelId,
    seq,
    type: "text",
    text,
    sender: { userId: sender, nickname: sender.toUpperCase(), profileImageUrl: "" },
    metadata: {},
    file: null,
    createdAt: "2026-03-10T09:00:00.000Z",
    reactions: {},
    editedAt: null,
    replyCount: 0,
    lastRepliedAt: null,
  } as TMessage;
}

const rude = message(5, "buy cheap followers");
const target: TReportQueueItem = {
  id: "0f4b7d2e-9c1a-4e6f-b3d8-a5c2e7f1b904",
  kind: "message",
  status: "open",
  channelId,
  channelName: "Team",
  messageId: rude.id,
  userId: "kim",
  userNickname: "Kim",
  message: rude,
  reportCount: 3,
  reasons: [
    { reason: "spam", count: 2 },
    { reason: "scam", count: 1 },
  ],
  hidden: true,
  firstReportedAt: "2026-03-10T09:01:00.000Z",
  lastReportedAt: "2026-03-10T09:05:00.000Z",
  resolution: null,
  reports: [
    {
      id: "a1",
      targetId: "0f4b7d2e-9c1a-4e6f-b3d8-a5c2e7f1b904",
      reporterId: "lee",
      reporterNickname: "Lee",
      reason: "spam",
      description: "the same link everywhere",
      createdAt: "2026-03-10T09:05:00.000Z",
    },
  ],
};
const detail: TReportTargetDetail = {
  target,
  context: [message(4, "hello all", "lee"), rude, message(6, "please stop", "park")],
};

function stubServer() {
  const resolutions: unknown[] = [];
  const lists: URLSearchParams[] = [];
  stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname === base) {
      lists.push(url.searchParams);
      const isOpen = url.searchParams.get("status") !== "resolved";
      return jsonResponse(200, { targets: isOpen ? [target] : [], nextCursor: null });
    }
    if (url.pathname === `${base}/settings`) {
      return jsonResponse(200, init?.method === "PUT" ? JSON.parse(String(init.body)) : { autoHideAfter: null });
    }
    if (url.pathname === `${base}/${target.id}`) return jsonResponse(200, detail);
    if (url.pathname === `${base}/${target.id}/resolve`) {
      resolutions.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, { target: { ...target, status: "resolved" } });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return { resolutions, lists };
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("ReportQueue", () => {
  it("shows a reported message with its text, user, channel, reasons counted and the hidden mark", async () => {
    stubServer();
    renderWithRouter(<ReportQueue appId={appId} />, `/apps/${appId}/reports`);
    const card = await screen.findByTestId(`report-target-${target.id}`);
    expect(within(card).getByText(/buy cheap followers/)).toBeInTheDocument();
    expect(within(card).getByText(t("reportQueue.hidden"))).toBeInTheDocument();
    expect(within(card).getByText(/Kim \(kim\)/)).toBeInTheDocument();
    expect(
      within(card).getByText(t("reportQueue.reasonCount", { reason: t("reportQueue.reason.spam"), count: 2 })),
    ).toBeInTheDocument();
    expect(within(card).getByText(t("reportQueue.reason.scam"))).toBeInTheDocument();
  });

  it("opens the message in its conversation with the reported one marked, and resolves it with a mute of the minutes given", async () => {
    const { resolutions } = stubServer();
    renderWithRouter(<ReportQueue appId={appId} />, `/apps/${appId}/reports`);
    fireEvent.click(await screen.findByRole("button", { name: t("reportQueue.reviewNamed", { user: "Kim (kim)" }) }));
    const dialog = await screen.findByRole("dialog");
    const reported = await within(dialog).findByTestId("reported-message");
    expect(reported).toHaveTextContent("buy cheap followers");
    const context = within(dialog).getByRole("list", { name: t("reportQueue.detail.context") });
    expect(
      within(context)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining("hello all"),
      expect.stringContaining("buy cheap followers"),
      expect.stringContaining("please stop"),
    ]);
    expect(within(dialog).getByText("the same link everywhere")).toBeInTheDocument();

    fireEvent.click(within(dialog).getByLabelText(t("reportQueue.action.mute", { user: "Kim (kim)" })));
    const minutes = within(dialog).getByLabelText(t("reportQueue.detail.minutes"));
    fireEvent.change(minutes, { target: { value: "0" } });
    expect(within(dialog).getByRole("button", { name: t("reportQueue.detail.resolve") })).toBeDisabled();
    fireEvent.change(minutes, { target: { value: "30" } });
    fireEvent.change(within(dialog).getByLabelText(t("reportQueue.detail.note")), { target: { value: " repeat " } });
    fireEvent.click(within(dialog).getByRole("button", { name: t("reportQueue.detail.resolve") }));
    await waitFor(() => expect(resolutions).toEqual([{ action: "mute", minutes: 30, note: "repeat" }]));
  });

  it("lists resolved targets on the resolved tab, with its own empty state", async () => {
    const { lists } = stubServer();
    renderWithRouter(<ReportQueue appId={appId} />, `/apps/${appId}/reports`);
    await screen.findByTestId(`report-target-${target.id}`);
    fireEvent.click(screen.getByRole("tab", { name: t("reportQueue.status.resolved") }));
    expect(await screen.findByText(t("reportQueue.emptyResolved"))).toBeInTheDocument();
    expect(lists.at(-1)?.get("status")).toBe("resolved");
  });

  it("offers delete only for a message, and mute or ban only with a channel", () => {
    expect(actionsFor({ kind: "message", channelId })).toEqual(["delete", "mute", "ban", "deactivate", "dismiss"]);
    expect(actionsFor({ kind: "user", channelId })).toEqual(["mute", "ban", "deactivate", "dismiss"]);
    expect(actionsFor({ kind: "user", channelId: null })).toEqual(["deactivate", "dismiss"]);
  });

  it("speaks Korean", async () => {
    await i18n.changeLanguage("ko");
    stubServer();
    renderWithRouter(<ReportQueue appId={appId} />, `/apps/${appId}/reports`);
    expect(await screen.findByRole("tab", { name: "처리 대기" })).toBeInTheDocument();
    expect(await screen.findByText("숨김")).toBeInTheDocument();
    expect(screen.getByText("자동 숨김")).toBeInTheDocument();
  });
});
