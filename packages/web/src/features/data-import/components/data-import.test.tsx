import { IMPORT_FILE_MAX_BYTES, type TDataImport, type TImportDryRun } from "@parley/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { IMPORT_POLL_MS } from "../api/get-imports";
import { DataImport } from "./data-import";
import { NOTES_SHOWN } from "./import-labels";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
/** The upload limit as the page writes it in English ("300 MB"): whole megabytes, as the contract sets it. */
const maxSize = `${IMPORT_FILE_MAX_BYTES / 1_000_000} MB`;
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/imports`;
const importId = "0f4b7d2e-9c1a-4e6f-b3d8-a5c2e7f1b904";
const earlierId = "7d0e4c1a-3b5f-4f2e-9a61-2c8b9e0d4f17";

const zero = { found: 0, refused: 0, new: 0, existing: 0 };
const dryRun: TImportDryRun = {
  counts: {
    users: { found: 120, refused: 2, new: 100, existing: 18 },
    channels: { found: 12, refused: 0, new: 11, existing: 1 },
    members: { found: 300, refused: 0, new: 300, existing: 0 },
    messages: { found: 5000, refused: 12, new: 4988, existing: 0 },
    reactions: zero,
  },
  refused: Array.from({ length: 14 }, (_, index) => ({
    file: "import.jsonl",
    line: index + 3,
    reason: index === 0 ? "unknown-user" : "text-too-long",
    detail: index === 0 ? "ghost" : undefined,
  })),
  refusedTotal: 14,
  warnings: [{ file: "import.jsonl", line: 40, reason: "attachment-dropped", detail: "ftp://example.com/a.png" }],
  warningsTotal: 1,
  collisions: [
    { kind: "user", userId: "kim", action: "update", file: "import.jsonl", line: 1 },
    {
      kind: "channel",
      sourceKey: "messaging:general",
      channelId: "c-1",
      action: "merge",
      file: "import.jsonl",
      line: 2,
    },
  ],
  collisionsTotal: 19,
};

function dataImport(overrides: Partial<TDataImport> = {}): TDataImport {
  return {
    id: importId,
    appId,
    source: "stream",
    status: "analyzing",
    copyFiles: false,
    fileFailures: [],
    fileFailuresTotal: 0,
    origin: "import.jsonl",
    requestedBy: "owner@example.com",
    dryRun: null,
    kinds: [],
    progress: 0,
    createdAt: "2026-03-10T09:00:00.000Z",
    analyzedAt: null,
    startedAt: null,
    completedAt: null,
    errorCode: null,
    errorReason: null,
    ...overrides,
  };
}

const ready = dataImport({ status: "ready", dryRun, analyzedAt: "2026-03-10T09:00:05.000Z" });
const running = dataImport({
  ...ready,
  status: "running",
  startedAt: "2026-03-10T09:01:00.000Z",
  progress: 0.42,
  kinds: [
    { kind: "users", done: 118, total: 118 },
    { kind: "channels", done: 12, total: 12 },
    { kind: "members", done: 300, total: 300 },
    { kind: "messages", done: 1200, total: 4988 },
    { kind: "reactions", done: 0, total: 0 },
    { kind: "files", done: 0, total: 0 },
  ],
});
const completed = dataImport({
  ...running,
  status: "completed",
  progress: 1,
  completedAt: "2026-03-10T09:03:00.000Z",
  kinds: running.kinds.map((kind) => ({ ...kind, done: kind.total })),
});

interface Call {
  path: string;
  body: unknown;
}

/** Answers the list with each of `pages` in turn (the last one from then on) and records every write. */
function stubServer({
  pages = [[]],
  create = () => jsonResponse(200, { import: dataImport({ source: "talkplus", origin: "https://api.talkplus.io" }) }),
  upload = () => jsonResponse(200, { import: dataImport() }),
  action = () => jsonResponse(200, { import: running }),
}: {
  pages?: TDataImport[][];
  create?: () => Response;
  upload?: () => Response;
  action?: (path: string) => Response;
} = {}) {
  const writes: Call[] = [];
  let lists = 0;
  const fetchMock = stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname === `${base}/upload` && init?.method === "POST") {
      writes.push({ path: url.pathname, body: init.body });
      return upload();
    }
    if (url.pathname === base && init?.method === "POST") {
      writes.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return create();
    }
    if (url.pathname === base) {
      const imports = pages[Math.min(lists, pages.length - 1)];
      lists += 1;
      return jsonResponse(200, { imports });
    }
    if (url.pathname.endsWith("/report")) {
      return new Response(JSON.stringify({ import: completed, channelMap: {} }), {
        headers: { "Content-Disposition": `attachment; filename="parley-import-${importId}.json"` },
      });
    }
    if (init?.method === "POST") {
      writes.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return action(url.pathname);
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return { writes, lists: () => lists, fetchMock };
}

const renderPage = () => renderWithRouter(<DataImport appId={appId} />, `/apps/${appId}/imports`);

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId("import-file"), { target: { files: [file] } });
}

beforeEach(async () => {
  setSession(sessionFor());
  // The sizes and counts below are written as English formats them.
  await i18n.changeLanguage("en");
});

afterEach(async () => {
  vi.useRealTimers();
  clearSession();
  await i18n.changeLanguage("en");
});

describe("DataImport", () => {
  it("uploads a Stream file with the source and copyFiles fields before the file, then shows the import analyzing", async () => {
    const server = stubServer({ pages: [[], [dataImport()]] });
    renderPage();
    expect(await screen.findByText(t("dataImport.emptyTitle"))).toBeInTheDocument();
    expect(screen.getByText(t("dataImport.about.quiet"))).toBeInTheDocument();

    const stream = screen.getByRole("radio", { name: t("dataImport.source.stream.name") });
    expect(stream).toHaveAccessibleDescription(t("dataImport.source.stream.hint"));
    fireEvent.click(stream);
    expect(screen.getByText(t("dataImport.file.limit", { size: maxSize }))).toBeInTheDocument();
    const submit = screen.getByRole("button", { name: t("dataImport.file.submit") });
    expect(submit).toBeDisabled();

    const file = new File(['{"type":"user","item":{"id":"kim"}}\n'], "import.jsonl");
    chooseFile(file);
    expect(screen.getByText(/^import\.jsonl \(/)).toBeInTheDocument();
    const copyFiles = screen.getByRole("checkbox", { name: t("dataImport.copyFiles.label") });
    expect(copyFiles).not.toBeChecked();
    expect(copyFiles).toHaveAccessibleDescription(t("dataImport.copyFiles.hint"));
    fireEvent.click(copyFiles);
    fireEvent.click(submit);

    await waitFor(() => expect(server.writes).toHaveLength(1));
    const form = server.writes[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    if (!(form instanceof FormData)) return;
    // The server reads the parts in order: both fields must arrive before the file streams in.
    expect([...form.keys()]).toEqual(["source", "copyFiles", "file"]);
    expect(form.get("source")).toBe("stream");
    expect(form.get("copyFiles")).toBe("true");
    expect((form.get("file") as File | null)?.name).toBe(file.name);
    expect(await screen.findByText(t("dataImport.new.started"))).toBeInTheDocument();

    const current = await screen.findByTestId(`current-import-${importId}`);
    expect(within(current).getByText(t("dataImport.status.analyzing"))).toBeInTheDocument();
    expect(within(current).getByRole("progressbar", { name: t("dataImport.analyzingLabel") })).toBeInTheDocument();
    expect(within(current).getByRole("button", { name: t("dataImport.actions.cancel") })).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("refuses a file over the limit before sending it, and shows a zip source's unpacked limits", async () => {
    const server = stubServer();
    renderPage();
    fireEvent.click(await screen.findByRole("radio", { name: t("dataImport.source.sendbird.name") }));
    expect(
      screen.getByText(t("dataImport.file.zipLimit", { size: maxSize, unzipped: "2 GB", files: "10,000" })),
    ).toBeInTheDocument();
    expect(screen.getByTestId("import-file")).toHaveAttribute("accept", ".zip,application/zip");

    const huge = new File(["x"], "sendbird.zip", { type: "application/zip" });
    Object.defineProperty(huge, "size", { value: IMPORT_FILE_MAX_BYTES + 1 });
    chooseFile(huge);
    expect(screen.getByText(t("dataImport.file.tooLarge", { size: maxSize }))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("dataImport.file.submit") })).toBeDisabled();
    expect(server.writes).toEqual([]);
  });

  it("shows 3172 from the upload with what the server found in the file", async () => {
    stubServer({
      upload: () =>
        jsonResponse(400, { code: "3172", message: "Unreadable", data: { reason: "Stream's import is a JSONL file" } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("radio", { name: t("dataImport.source.stream.name") }));
    chooseFile(new File(["PK"], "export.zip"));
    fireEvent.click(screen.getByRole("button", { name: t("dataImport.file.submit") }));
    expect(await screen.findByText(t("ERROR_3172"))).toBeInTheDocument();
    expect(screen.getByText(t("dataImport.detail", { detail: "Stream's import is a JSONL file" }))).toBeInTheDocument();
  });

  it("sends TalkPlus's credentials with the key in a password field, checks the URL first, and shows 3173", async () => {
    const server = stubServer({
      create: () => jsonResponse(400, { code: "3173", message: "Refused", data: { reason: "401 Unauthorized" } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("radio", { name: t("dataImport.source.talkplus.name") }));
    const baseUrl = inputByLabel(t("dataImport.talkplus.baseUrl"));
    expect(baseUrl).toHaveValue("https://api.talkplus.io");
    expect(inputByLabel(t("dataImport.talkplus.apiKey"))).toHaveAttribute("type", "password");

    fireEvent.change(baseUrl, { target: { value: "not a url" } });
    fireEvent.change(inputByLabel(t("dataImport.talkplus.appId")), { target: { value: "app-1" } });
    fireEvent.change(inputByLabel(t("dataImport.talkplus.apiKey")), { target: { value: "secret" } });
    fireEvent.click(screen.getByRole("button", { name: t("dataImport.talkplus.submit") }));
    expect(await screen.findByText(t("VALIDATION_URL"))).toBeInTheDocument();
    expect(server.writes).toEqual([]);

    fireEvent.change(baseUrl, { target: { value: "https://api.talkplus.io" } });
    const copyFiles = screen.getByRole("checkbox", { name: t("dataImport.copyFiles.label") });
    expect(copyFiles).not.toBeChecked();
    fireEvent.click(copyFiles);
    fireEvent.click(screen.getByRole("button", { name: t("dataImport.talkplus.submit") }));
    await waitFor(() =>
      expect(server.writes).toEqual([
        {
          path: base,
          body: {
            source: "talkplus",
            baseUrl: "https://api.talkplus.io",
            appId: "app-1",
            apiKey: "secret",
            copyFiles: true,
          },
        },
      ]),
    );
    expect(await screen.findByText(t("ERROR_3173"))).toBeInTheDocument();
    expect(screen.getByText(t("dataImport.detail", { detail: "401 Unauthorized" }))).toBeInTheDocument();
  });

  it("shows a ready import's dry run: counts per kind, the first refusals with the rest in the report, collisions", async () => {
    const server = stubServer({ pages: [[ready], [running]] });
    renderPage();
    const current = await screen.findByTestId(`current-import-${importId}`);
    expect(within(current).getByText(t("dataImport.status.ready"))).toBeInTheDocument();

    const counts = within(current).getByRole("table", { name: t("dataImport.dryRun.countsTitle") });
    const users = within(counts).getByRole("row", { name: /^Users/ });
    expect(
      within(users)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["120", "2", "100", "18"]);
    const messages = within(counts).getByRole("row", { name: /^Messages/ });
    expect(
      within(messages)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["5,000", "12", "4,988", "0"]);

    // The headings carry the totals, the whole source's and not the rows shown.
    expect(within(current).getByRole("heading", { name: "Refused rows: 14" })).toBeInTheDocument();
    const refused = within(current).getByRole("table", { name: t("dataImport.dryRun.refusedLabel") });
    expect(within(refused).getAllByRole("row")).toHaveLength(NOTES_SHOWN + 1);
    const first = within(refused).getAllByRole("row")[1];
    expect(first).toHaveTextContent("import.jsonl3unknown-userghost");
    expect(current).toHaveTextContent(t("dataImport.dryRun.moreInReport", { count: 4, more: "4" }));
    expect(within(current).getByRole("table", { name: t("dataImport.dryRun.warningsLabel") })).toHaveTextContent(
      "attachment-dropped",
    );
    expect(
      within(current).getByText(t("dataImport.dryRun.collisionsSummary", { users: "18", channels: "1" })),
    ).toBeInTheDocument();
    expect(
      within(current).getByText(t("dataImport.dryRun.userUpdated", { userId: "kim", file: "import.jsonl", line: "1" })),
    ).toBeInTheDocument();
    expect(current).toHaveTextContent(t("dataImport.dryRun.moreInReport", { count: 17, more: "17" }));

    fireEvent.click(within(current).getByRole("button", { name: t("dataImport.actions.start") }));
    await waitFor(() => expect(server.writes).toEqual([{ path: `${base}/${importId}/start`, body: {} }]));
    expect(await within(current).findByRole("button", { name: t("dataImport.actions.pause") })).toBeInTheDocument();
  });

  it("reads the list every second while an import runs, with a bar per kind, and stops once it completed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubServer({ pages: [[running], [completed]] });
    renderPage();
    const current = await screen.findByTestId(`current-import-${importId}`);
    expect(within(current).getByText("42%")).toBeInTheDocument();
    expect(within(current).getByRole("progressbar", { name: t("dataImport.progress.total") })).toHaveAttribute(
      "aria-valuenow",
      "42",
    );
    expect(within(current).getByRole("progressbar", { name: "Messages" })).toHaveAttribute("aria-valuenow", "24");
    expect(within(current).getByText("Messages 1,200 / 4,988")).toBeInTheDocument();
    // Files are not copied, so their kind (0 of 0) has no bar.
    expect(within(current).queryByRole("progressbar", { name: "Files" })).not.toBeInTheDocument();
    expect(within(current).getByRole("button", { name: t("dataImport.actions.pause") })).toBeInTheDocument();
    expect(within(current).getByRole("button", { name: t("dataImport.actions.cancel") })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(IMPORT_POLL_MS));
    const card = await screen.findByTestId(`import-${importId}`);
    expect(screen.queryByTestId(`current-import-${importId}`)).not.toBeInTheDocument();
    expect(within(card).getByText(t("dataImport.status.completed"))).toBeInTheDocument();
    expect(card).toHaveTextContent("Users 118, Channels 12, Members 300, Messages 4,988");
    expect(screen.getByRole("radio", { name: t("dataImport.source.stream.name") })).toBeInTheDocument();

    const reads = server.lists();
    await act(() => vi.advanceTimersByTimeAsync(IMPORT_POLL_MS * 5));
    expect(server.lists()).toBe(reads);
  });

  it("shows the files bar of an import that copies them, and the files it could not copy", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fileFailures = [
      { url: "https://cdn.example.com/a.png", name: "a.png", reason: "HTTP 404" },
      { url: "https://cdn.example.com/big.mov", name: "big.mov", reason: "larger than 15 MB" },
    ];
    const copying = dataImport({
      ...running,
      copyFiles: true,
      kinds: running.kinds.map((kind) => (kind.kind === "files" ? { kind: "files", done: 20, total: 52 } : kind)),
      fileFailures: fileFailures.slice(0, 1),
      fileFailuresTotal: 1,
    });
    const copied = dataImport({
      ...copying,
      status: "completed",
      progress: 1,
      completedAt: "2026-03-10T09:03:00.000Z",
      kinds: copying.kinds.map((kind) => ({ ...kind, done: kind.total })),
      fileFailures,
      fileFailuresTotal: 12,
    });
    stubServer({ pages: [[copying], [copied]] });
    renderPage();

    const current = await screen.findByTestId(`current-import-${importId}`);
    expect(within(current).getByRole("progressbar", { name: "Files" })).toHaveAttribute("aria-valuenow", "38");
    expect(within(current).getByText("Files 20 / 52")).toBeInTheDocument();
    expect(
      within(current).getByRole("heading", { name: t("dataImport.fileFailures.title", { count: 1, total: "1" }) }),
    ).toBeInTheDocument();
    const failing = within(current).getByRole("table", { name: t("dataImport.fileFailures.label") });
    expect(within(failing).getAllByRole("row")).toHaveLength(2);
    expect(current).not.toHaveTextContent(/more in the report/);

    await act(() => vi.advanceTimersByTimeAsync(IMPORT_POLL_MS));
    const card = await screen.findByTestId(`import-${importId}`);
    // The files kind counts every file tried: the 12 not copied are not among those written.
    expect(card).toHaveTextContent("Users 118, Channels 12, Members 300, Messages 4,988, Files 40");
    expect(within(card).getByText("12 files could not be copied")).toBeInTheDocument();
    expect(card).toHaveTextContent(t("dataImport.fileFailures.about"));
    const table = within(card).getByRole("table", { name: t("dataImport.fileFailures.label") });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "URL", "Reason"]);
    expect(rows[1]).toHaveTextContent("a.pnghttps://cdn.example.com/a.pngHTTP 404");
    expect(rows[2]).toHaveTextContent("big.movhttps://cdn.example.com/big.movlarger than 15 MB");
    expect(card).toHaveTextContent("10 more in the report.");
  });

  it("pauses a running import, and resumes or cancels a paused one after asking", async () => {
    const paused = dataImport({ ...running, status: "paused" });
    const server = stubServer({ pages: [[running], [paused]], action: () => jsonResponse(200, { import: paused }) });
    renderPage();
    const current = await screen.findByTestId(`current-import-${importId}`);
    fireEvent.click(within(current).getByRole("button", { name: t("dataImport.actions.pause") }));
    expect(await within(current).findByText(t("dataImport.pausedNote"))).toBeInTheDocument();
    expect(within(current).getByRole("button", { name: t("dataImport.actions.resume") })).toBeInTheDocument();

    fireEvent.click(within(current).getByRole("button", { name: t("dataImport.actions.resume") }));
    fireEvent.click(within(current).getByRole("button", { name: t("dataImport.actions.cancel") }));
    const dialog = await screen.findByRole("dialog", { name: t("dataImport.cancelDialog.title") });
    expect(dialog).toHaveTextContent(t("dataImport.cancelDialog.body"));
    fireEvent.click(within(dialog).getByRole("button", { name: t("dataImport.actions.cancel") }));
    await waitFor(() =>
      expect(server.writes.map((write) => write.path)).toEqual([
        `${base}/${importId}/pause`,
        `${base}/${importId}/resume`,
        `${base}/${importId}/cancel`,
      ]),
    );
  });

  it("shows 3171 when the import moved on before the click", async () => {
    stubServer({ pages: [[ready]], action: () => jsonResponse(409, { code: "3171", message: "Not ready" }) });
    renderPage();
    const current = await screen.findByTestId(`current-import-${importId}`);
    fireEvent.click(within(current).getByRole("button", { name: t("dataImport.actions.start") }));
    expect(await within(current).findByText(t("ERROR_3171"))).toBeInTheDocument();
  });

  it("lists a failed import with its code and reason and a canceled one, each with its report to download", async () => {
    const saved: { name: string; href: string }[] = [];
    const createObjectURL = vi.fn((_blob: Blob) => "blob:report");
    Object.defineProperty(URL, "createObjectURL", { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const failed = dataImport({
      ...running,
      status: "failed",
      source: "talkplus",
      origin: "https://api.talkplus.io",
      errorCode: "3175",
      errorReason: "TalkPlus answered 503",
      completedAt: "2026-03-10T09:02:00.000Z",
    });
    const canceled = dataImport({ ...running, id: earlierId, status: "canceled", progress: 0.25 });
    const server = stubServer({ pages: [[failed, canceled]] });
    renderPage();

    const failedCard = await screen.findByTestId(`import-${importId}`);
    expect(within(failedCard).getByText(t("dataImport.status.failed"))).toBeInTheDocument();
    expect(within(failedCard).getByText(t("ERROR_3175"), { exact: false })).toBeInTheDocument();
    expect(failedCard).toHaveTextContent(t("dataImport.detail", { detail: "TalkPlus answered 503" }));
    const canceledCard = screen.getByTestId(`import-${earlierId}`);
    expect(canceledCard).toHaveTextContent(t("dataImport.summary.canceled", { percent: "25" }));

    fireEvent.click(within(failedCard).getByRole("button", { name: /^Download report/ }));
    await waitFor(() => expect(saved).toEqual([{ name: `parley-import-${importId}.json`, href: "blob:report" }]));
    const reportCall = server.fetchMock.mock.calls.find(([url]) => String(url).endsWith("/report"));
    expect(String(reportCall?.[0])).toBe(`${base}/${importId}/report`);
    expect(new Headers(reportCall?.[1]?.headers).get("Authorization")).toBe("Bearer token-1");
    click.mockRestore();
  });

  it("tells an account that does not own the app that only the owner may import, with no form", async () => {
    stubFetch(() => jsonResponse(403, { code: "3176", message: "Only the owner" }));
    renderPage();
    expect(await screen.findByText(t("ERROR_3176"))).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("speaks Korean", async () => {
    await i18n.changeLanguage("ko");
    stubServer({ pages: [[running]] });
    renderPage();
    const current = await screen.findByTestId(`current-import-${importId}`);
    expect(screen.getByRole("heading", { name: "데이터 가져오기", level: 1 })).toBeInTheDocument();
    expect(within(current).getByText("진행 중")).toBeInTheDocument();
    expect(within(current).getByText("메시지 1,200 / 4,988")).toBeInTheDocument();
    expect(within(current).getByRole("button", { name: "일시 중지" })).toBeInTheDocument();
    expect(screen.getByText(t("dataImport.about.quiet"))).toHaveTextContent("웹훅과 푸시 알림이 발송되지 않고");
  });
});
