import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { DRAWER_NOTICE_STORAGE_KEY } from "@/lib/storage-keys";
import { jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { DrawerContent } from "./drawer-content";
import { DRAWER_NOTICE_ID } from "./drawer-notice";

const t = (key: string) => i18n.t(key);

function renderDrawer(overrides: Parameters<typeof sessionFor>[0] = {}) {
  stubFetch((url) => (url === "/api/apps" ? jsonResponse(200, { apps: [] }) : jsonResponse(404, { code: "004" })));
  return renderWithRouter(<DrawerContent session={sessionFor(overrides)} appId={undefined} />, "/dashboard");
}

describe("DrawerContent", () => {
  it("names what is not ready in its notice, and keeps the notice dismissed once confirmed", async () => {
    const first = renderDrawer();
    expect(screen.getByText(t("nav.notice.title"))).toBeVisible();
    expect(screen.getByText(t(`nav.notice.${DRAWER_NOTICE_ID}`))).toBeVisible();
    await first.user.click(screen.getByRole("button", { name: t("common.confirm") }));
    expect(screen.queryByText(t("nav.notice.title"))).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DRAWER_NOTICE_STORAGE_KEY)).toBe(DRAWER_NOTICE_ID);

    first.unmount();
    renderDrawer();
    expect(screen.queryByText(t("nav.notice.title"))).not.toBeInTheDocument();
  });

  it("shows the notice again when the dismissed one was about something else", () => {
    window.localStorage.setItem(DRAWER_NOTICE_STORAGE_KEY, "an-earlier-notice");
    renderDrawer();
    expect(screen.getByText(t(`nav.notice.${DRAWER_NOTICE_ID}`))).toBeVisible();
  });

  it("labels an admin as an administrator and an ordinary account as a customer", () => {
    const admin = renderDrawer({ isAdmin: true });
    expect(screen.getByText(t("nav.accountKind.admin"))).toBeVisible();
    admin.unmount();
    renderDrawer();
    expect(screen.getByText(t("nav.accountKind.ordinary"))).toBeVisible();
    expect(screen.queryByText(t("nav.accountKind.admin"))).not.toBeInTheDocument();
  });
});
