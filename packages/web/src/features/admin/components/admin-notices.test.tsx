import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { AdminNotices } from "./admin-notices";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const notice = {
  id: "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
  companyId: null,
  companyName: null,
  text: { ko: "점검 안내", en: "Maintenance" },
  adminEmail: "admin@parley.example",
  createdAt: "2026-02-01T00:00:00.000Z",
  dismissals: 0,
};

describe("AdminNotices", () => {
  it("posts a notice to every account in both languages and lists it with a way to withdraw it", async () => {
    let posted = false;
    const fetchMock = stubFetch((_url, init) => {
      if (init?.method === "POST") {
        posted = true;
        return jsonResponse(200, { notice });
      }
      if (init?.method === "DELETE") return jsonResponse(200, { ok: true });
      return jsonResponse(200, { notices: posted ? [notice] : [] });
    });
    const { user } = renderWithRouter(<AdminNotices />, "/admin/companylist");
    expect(await screen.findByText(t("admin.notices.empty"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("admin.notices.postToAll") }));
    const dialog = await screen.findByRole("dialog", { name: t("admin.notices.titleForAll") });
    await user.type(screen.getByRole("textbox", { name: t("admin.notices.textKo") }), "점검 안내");
    await user.type(screen.getByRole("textbox", { name: t("admin.notices.textEn") }), "Maintenance");
    await user.click(within(dialog).getByRole("button", { name: t("admin.notices.post") }));

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe("/api/admin/notices");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      companyId: null,
      text: { ko: "점검 안내", en: "Maintenance" },
    });
    const list = await screen.findByRole("list", { name: t("admin.notices.title") });
    expect(list).toHaveTextContent("점검 안내 · Maintenance");
    expect(list).toHaveTextContent(t("admin.notices.everyone"));

    await user.click(within(list).getByRole("button", { name: t("admin.notices.withdraw") }));
    const ask = await screen.findByRole("dialog", { name: t("admin.notices.askWithdraw") });
    await user.click(within(ask).getByRole("button", { name: t("admin.notices.withdraw") }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE")?.[0]).toBe(
        `/api/admin/notices/${notice.id}`,
      ),
    );
  });

  it("keeps Post disabled while both texts are empty", async () => {
    stubFetch(() => jsonResponse(200, { notices: [] }));
    const { user } = renderWithRouter(<AdminNotices />, "/admin/companylist");
    await user.click(await screen.findByRole("button", { name: t("admin.notices.postToAll") }));
    const dialog = await screen.findByRole("dialog", { name: t("admin.notices.titleForAll") });
    await user.type(screen.getByRole("textbox", { name: t("admin.notices.textKo") }), "   ");
    expect(within(dialog).getByRole("button", { name: t("admin.notices.post") })).toBeDisabled();
  });
});
