import type { TAppMessageSearchResult } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { MessageSearch } from "./message-search";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "c4a2b1d0-0000-4000-8000-000000000001";
const base = `/api/apps/${appId}/messages/search`;

function result(id: string, text: string, highlights: { start: number; end: number }[], seq = 7) {
  return {
    message: {
      id,
      channelId,
      seq,
      type: "text",
      text,
      sender: { userId: "kim", nickname: "Kim", profileImageUrl: "" },
      metadata: {},
      file: null,
      createdAt: "2026-03-10T09:00:00.000Z",
      reactions: {},
      editedAt: null,
      replyCount: 0,
      lastRepliedAt: null,
    },
    highlights,
    channel: { id: channelId, name: "Lounge" },
  } satisfies TAppMessageSearchResult;
}

const first = result("00000000-0000-4000-8000-000000000001", "모두안녕 하세요", [{ start: 2, end: 4 }]);
const second = result("00000000-0000-4000-8000-000000000002", "안녕", [{ start: 0, end: 2 }], 3);

/** The search route: the first page holds one result and a cursor, the second the other. */
function stubServer() {
  const queries: Record<string, string>[] = [];
  stubFetch((rawUrl) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname !== base) return jsonResponse(404, { code: "004", message: "No such route" });
    queries.push(Object.fromEntries(url.searchParams));
    return url.searchParams.get("cursor")
      ? jsonResponse(200, { results: [second], nextCursor: null })
      : jsonResponse(200, { results: [first], nextCursor: "next" });
  });
  return queries;
}

const contextHref = (id: string, seq: number) => `/apps/${appId}/channels/${id}?seq=${seq}`;

describe("MessageSearch", () => {
  it("asks nothing until a search is made, then shows results with the match marked and a link into the chat", async () => {
    const queries = stubServer();
    const { user } = renderWithRouter(<MessageSearch appId={appId} contextHref={contextHref} />);
    expect(screen.getByText(t("messageSearch.start"))).toBeInTheDocument();
    expect(queries).toEqual([]);

    await user.type(inputByLabel(t("messageSearch.query")), "안녕");
    await user.click(screen.getByRole("button", { name: t("messageSearch.submit") }));

    const card = (await screen.findAllByTestId("search-result"))[0] as HTMLElement;
    expect(queries).toEqual([{ q: "안녕", limit: "20" }]);
    const mark = card.querySelector("mark");
    expect(mark?.textContent).toBe("안녕");
    expect(within(card).getByText("Kim (kim)")).toBeInTheDocument();
    expect(within(card).getByText("#7")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: t("messageSearch.openInContext") })).toHaveAttribute(
      "href",
      `/apps/${appId}/channels/${channelId}?seq=7`,
    );

    await user.click(screen.getByRole("button", { name: t("messageSearch.more") }));
    await waitFor(() => expect(screen.getAllByTestId("search-result")).toHaveLength(2));
    expect(queries.at(-1)).toEqual({ q: "안녕", limit: "20", cursor: "next" });
  });

  it("refuses a one-letter query on the field without asking the server", async () => {
    const queries = stubServer();
    const { user } = renderWithRouter(<MessageSearch appId={appId} contextHref={contextHref} />);
    await user.type(inputByLabel(t("messageSearch.query")), "a");
    await user.click(screen.getByRole("button", { name: t("messageSearch.submit") }));
    expect(await screen.findByText(t("ERROR_3100"))).toBeInTheDocument();
    expect(queries).toEqual([]);
  });

  it("sends the channel, sender and day range, and narrows to a result's channel from its chip", async () => {
    const queries = stubServer();
    const { user } = renderWithRouter(<MessageSearch appId={appId} contextHref={contextHref} />);
    await user.type(inputByLabel(t("messageSearch.query")), "Deploy");
    await user.type(inputByLabel(t("messageSearch.userId")), "kim");
    fireEvent.change(inputByLabel(t("messageSearch.from")), { target: { value: "2026-03-01" } });
    fireEvent.change(inputByLabel(t("messageSearch.to")), { target: { value: "2026-03-10" } });
    await user.click(screen.getByRole("button", { name: t("messageSearch.submit") }));
    await screen.findAllByTestId("search-result");
    expect(queries.at(-1)).toEqual({
      q: "Deploy",
      userId: "kim",
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 11).toISOString(),
      limit: "20",
    });

    await user.click(screen.getByRole("button", { name: t("messageSearch.filterByChannel", { name: "Lounge" }) }));
    await waitFor(() => expect(queries.at(-1)?.channelId).toBe(channelId));
    expect(inputByLabel(t("messageSearch.channelId"))).toHaveValue(channelId);
  });
});
