import { OPEN_CHANNEL_MEMBER_LIMIT, type TChannel } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { CreateChannelDialog } from "./channel-form-dialog";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

const created: TChannel = {
  id: "9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
  name: "Lobby",
  imageUrl: "",
  type: "public",
  memberLimit: 100,
  requiresInviteCode: false,
  isFrozen: false,
  ownerUserId: null,
  memberCount: 0,
  tags: [],
  lastMessage: null,
  createdAt: "2025-03-01T00:00:00.000Z",
};

const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("Idempotency-Key");

describe("CreateChannelDialog", () => {
  beforeEach(() => setSession(sessionFor()));

  it("shows a request that got no answer as a failed state with Retry and Cancel, and retries with the same key", async () => {
    let calls = 0;
    const fetchMock = stubFetch(() => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return jsonResponse(200, { channel: created });
    });
    const onClose = vi.fn();
    const { user, router } = renderWithRouter(<CreateChannelDialog appId={appId} open onClose={onClose} />);
    await user.type(inputByLabel(t("channels.fields.name")), "Lobby");
    await user.click(screen.getByRole("button", { name: t("channels.create") }));

    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent(t("submission.noAnswerTitle"));
    expect(screen.getByRole("button", { name: t("common.cancel") })).toBeEnabled();
    expect(inputByLabel(t("channels.fields.name"))).toHaveValue("Lobby");

    await user.click(screen.getByRole("button", { name: t("common.retry") }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(router.state.location.pathname).toBe(`/apps/${appId}/channels/${created.id}`);
  });

  it("keeps Cancel enabled while the request hangs, and closing stops the wait", async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const onClose = vi.fn();
    const { user } = renderWithRouter(<CreateChannelDialog appId={appId} open onClose={onClose} />);
    await user.type(inputByLabel(t("channels.fields.name")), "Lobby");
    await user.click(screen.getByRole("button", { name: t("channels.create") }));

    const cancel = screen.getByRole("button", { name: t("common.cancel") });
    await waitFor(() => expect(screen.getByRole("button", { name: t("channels.create") })).toBeDisabled());
    expect(cancel).toBeEnabled();
    await user.click(cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  describe.each(["en", "ko"])("in %s", (language) => {
    const before = i18n.language;
    beforeEach(() => i18n.changeLanguage(language));
    afterEach(() => i18n.changeLanguage(before));

    it("offers the open type with its own hint and no member limit field, and creates an open channel", async () => {
      const fetchMock = stubFetch(() =>
        jsonResponse(200, { channel: { ...created, type: "open", memberLimit: OPEN_CHANNEL_MEMBER_LIMIT } }),
      );
      const onClose = vi.fn();
      const { user } = renderWithRouter(<CreateChannelDialog appId={appId} open onClose={onClose} />);
      await user.type(inputByLabel(t("channels.fields.name")), "Keynote");
      expect(screen.getByLabelText(t("channels.fields.memberLimit"))).toBeInTheDocument();
      await user.click(screen.getByRole("combobox", { name: t("channels.fields.type") }));
      await user.click(screen.getByRole("option", { name: t("channels.type.open") }));

      const max = OPEN_CHANNEL_MEMBER_LIMIT.toLocaleString(language);
      expect(screen.getByText(i18n.t("channels.typeHint.open", { max }))).toBeInTheDocument();
      expect(screen.queryByLabelText(t("channels.fields.memberLimit"))).toBeNull();
      await user.click(screen.getByRole("button", { name: t("channels.create") }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
      expect(body).toMatchObject({ name: "Keynote", type: "open" });
      expect(body).not.toHaveProperty("memberLimit");
    });
  });

  it("says the browser is offline when the connection drops mid-request", async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const { user } = renderWithRouter(<CreateChannelDialog appId={appId} open onClose={() => {}} />);
    await user.type(inputByLabel(t("channels.fields.name")), "Lobby");
    await user.click(screen.getByRole("button", { name: t("channels.create") }));
    await waitFor(() => expect(screen.getByRole("button", { name: t("channels.create") })).toBeDisabled());

    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    expect(await screen.findByRole("alert")).toHaveTextContent(t("submission.offlineTitle"));

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(await screen.findByText(t("submission.backOnlineTitle"))).toBeInTheDocument();
    onLine.mockRestore();
  });
});
