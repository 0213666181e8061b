import type { TDataExport } from "@parley/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { EXPORT_POLL_MS } from "../api/get-exports";
import { DataExport } from "./data-export";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/exports`;
const exportId = "0f4b7d2e-9c1a-4e6f-b3d8-a5c2e7f1b904";
const downloadUrl = `http://localhost/exports/${exportId}/token/parley-export-20260310-0900.zip`;

function dataExport(overrides: Partial<TDataExport> = {}): TDataExport {
  return {
    id: exportId,
    appId,
    status: "queued",
    userId: null,
    includeFiles: false,
    requestedBy: "owner@example.com",
    sections: [],
    progress: 0,
    createdAt: "2026-03-10T09:00:00.000Z",
    startedAt: null,
    completedAt: null,
    expiresAt: null,
    size: null,
    downloadUrl: null,
    errorCode: null,
    ...overrides,
  };
}

const running = dataExport({
  status: "running",
  startedAt: "2026-03-10T09:00:01.000Z",
  progress: 0.3,
  sections: [
    { section: "users", done: 3, total: 3 },
    { section: "channels", done: 1, total: 1 },
    { section: "members", done: 3, total: 3 },
    { section: "messages", done: 1200, total: 5000 },
  ],
});
const completed = dataExport({
  status: "completed",
  startedAt: "2026-03-10T09:00:01.000Z",
  completedAt: "2026-03-10T09:00:09.000Z",
  expiresAt: "2026-03-11T09:00:09.000Z",
  progress: 1,
  size: 12_345,
  downloadUrl,
  sections: running.sections.map((section) => ({ ...section, done: section.total })),
});

/** Answers the list with each of `pages` in turn (the last one from then on) and records what was posted. */
function stubServer({
  pages = [[]],
  create = () => jsonResponse(200, { export: dataExport() }),
}: {
  pages?: TDataExport[][];
  create?: () => Response;
} = {}) {
  const posted: unknown[] = [];
  let lists = 0;
  stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname === base && init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      return create();
    }
    if (url.pathname === base) {
      const exports = pages[Math.min(lists, pages.length - 1)];
      lists += 1;
      return jsonResponse(200, { exports });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return { posted, lists: () => lists };
}

const renderPage = () => renderWithRouter(<DataExport appId={appId} />, `/apps/${appId}/exports`);

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage("en");
});

describe("DataExport", () => {
  it("explains the archive and starts a whole-app export without files, then lists it as queued", async () => {
    const server = stubServer({ pages: [[], [dataExport()]] });
    renderPage();
    expect(await screen.findByText(t("dataExport.emptyTitle"))).toBeInTheDocument();
    expect(screen.getByText(t("dataExport.about.link", { hours: 24 }))).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: t("dataExport.new.includeFiles") })).not.toBeChecked();

    fireEvent.click(screen.getByRole("button", { name: t("dataExport.new.submit") }));
    await waitFor(() => expect(server.posted).toEqual([{ includeFiles: false }]));
    expect(await screen.findByText(t("dataExport.new.started"))).toBeInTheDocument();
    const card = await screen.findByTestId(`export-${exportId}`);
    expect(within(card).getByText(t("dataExport.what.app"))).toBeInTheDocument();
    expect(within(card).getByText(t("dataExport.status.queued"))).toBeInTheDocument();
    expect(within(card).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  });

  it("sends the user ID typed, trimmed, with files, and puts the contract's rule under the field for an ID it refuses", async () => {
    const server = stubServer();
    renderPage();
    await screen.findByText(t("dataExport.emptyTitle"));
    const field = inputByLabel(t("dataExport.new.userId"));
    fireEvent.change(field, { target: { value: "no spaces allowed" } });
    fireEvent.click(screen.getByRole("button", { name: t("dataExport.new.submit") }));
    expect(await screen.findByText(t("VALIDATION_USER_ID"))).toBeInTheDocument();
    expect(server.posted).toEqual([]);

    fireEvent.change(field, { target: { value: "  kim  " } });
    fireEvent.click(screen.getByRole("switch", { name: t("dataExport.new.includeFiles") }));
    fireEvent.click(screen.getByRole("button", { name: t("dataExport.new.submit") }));
    await waitFor(() => expect(server.posted).toEqual([{ includeFiles: true, userId: "kim" }]));
    await waitFor(() => expect(field).toHaveValue(""));
  });

  it("shows 3130 from the create call above the button, in the catalogue's words", async () => {
    stubServer({
      pages: [[running]],
      create: () => jsonResponse(409, { code: "3130", message: "An export is under way" }),
    });
    renderPage();
    await screen.findByTestId(`export-${exportId}`);
    fireEvent.click(screen.getByRole("button", { name: t("dataExport.new.submit") }));
    expect(await screen.findByText(t("ERROR_3130"))).toBeInTheDocument();
  });

  it("puts 3018 (no such user) under the user ID field", async () => {
    stubServer({ create: () => jsonResponse(404, { code: "3018", message: "No such user" }) });
    renderPage();
    await screen.findByText(t("dataExport.emptyTitle"));
    fireEvent.change(inputByLabel(t("dataExport.new.userId")), { target: { value: "ghost" } });
    fireEvent.click(screen.getByRole("button", { name: t("dataExport.new.submit") }));
    const problem = await screen.findByText(t("ERROR_3018"));
    expect(inputByLabel(t("dataExport.new.userId"))).toHaveAccessibleDescription(problem.textContent ?? "");
  });

  it("reads the list every second while an export runs, with percent and per-section counts, and stops once it completed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubServer({ pages: [[running], [completed]] });
    renderPage();
    const card = await screen.findByTestId(`export-${exportId}`);
    expect(within(card).getByText(t("dataExport.status.running"))).toBeInTheDocument();
    expect(within(card).getByText("30%")).toBeInTheDocument();
    expect(within(card).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "30");
    expect(within(card).getByText("messages 1,200 / 5,000")).toBeInTheDocument();
    expect(within(card).getByText("users 3 / 3")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS));
    const download = await within(card).findByRole("link", { name: /^Download/ });
    expect(download).toHaveAttribute("href", downloadUrl);
    expect(within(card).getByText(t("dataExport.status.completed"))).toBeInTheDocument();
    expect(within(card).queryByRole("progressbar")).not.toBeInTheDocument();
    expect(card).toHaveTextContent("12.3 kB");
    expect(card).toHaveTextContent(t("dataExport.expiresAt", { at: "" }).trim());

    const reads = server.lists();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 5));
    expect(server.lists()).toBe(reads);
  });

  it("says an expired export is expired and a failed one why, with no download link for either", async () => {
    const failedId = "7d0e4c1a-3b5f-4f2e-9a61-2c8b9e0d4f17";
    stubServer({
      pages: [
        [
          dataExport({ id: failedId, status: "failed", userId: "kim", includeFiles: true, errorCode: "3134" }),
          { ...completed, expiresAt: "2026-03-09T09:00:00.000Z", downloadUrl: null },
        ],
      ],
    });
    renderPage();
    const failed = await screen.findByTestId(`export-${failedId}`);
    expect(within(failed).getByText(t("dataExport.what.user", { userId: "kim" }))).toBeInTheDocument();
    expect(within(failed).getByText(t("dataExport.withFiles"))).toBeInTheDocument();
    expect(within(failed).getByText(t("dataExport.status.failed"))).toBeInTheDocument();
    expect(within(failed).getByText(t("ERROR_3134"))).toBeInTheDocument();
    const expired = screen.getByTestId(`export-${exportId}`);
    expect(within(expired).getByText(t("dataExport.status.expired"))).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("tells an account that does not own the app that only the owner may export, with no form to be refused again", async () => {
    stubFetch(() => jsonResponse(403, { code: "3133", message: "Only the owner" }));
    renderPage();
    expect(await screen.findByText(t("ERROR_3133"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("dataExport.new.submit") })).not.toBeInTheDocument();
  });

  it("speaks Korean", async () => {
    await i18n.changeLanguage("ko");
    stubServer({ pages: [[running]] });
    renderPage();
    const card = await screen.findByTestId(`export-${exportId}`);
    expect(screen.getByRole("heading", { name: "데이터 내보내기", level: 1 })).toBeInTheDocument();
    expect(within(card).getByText("진행 중")).toBeInTheDocument();
    expect(within(card).getByText("메시지 1,200 / 5,000")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "내보내기 시작" })).toBeInTheDocument();
  });
});
