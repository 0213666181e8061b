import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { DrawerContent } from "./drawer-content";

const t = (key: string) => i18n.t(key);

function renderDrawer(overrides: Parameters<typeof sessionFor>[0] = {}) {
  stubFetch((url) => (url === "/api/apps" ? jsonResponse(200, { apps: [] }) : jsonResponse(404, { code: "004" })));
  return renderWithRouter(<DrawerContent session={sessionFor(overrides)} appId={undefined} />, "/dashboard");
}

describe("DrawerContent", () => {
  it("holds no 'not ready yet' notice, and lists the calls page in an app's menu", () => {
    stubFetch((url) => (url === "/api/apps" ? jsonResponse(200, { apps: [] }) : jsonResponse(404, { code: "004" })));
    renderWithRouter(<DrawerContent session={sessionFor()} appId="app-1" />, "/apps/app-1/calls");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("common.confirm") })).not.toBeInTheDocument();
    const calls = screen.getByRole("link", { name: t("nav.app.calls") });
    expect(calls).toHaveAttribute("href", "/apps/app-1/calls");
    expect(calls).toHaveClass("Mui-selected");
  });

  it("marks only the page shown: the reported content page, not the report whose address is its prefix", () => {
    stubFetch((url) => (url === "/api/apps" ? jsonResponse(200, { apps: [] }) : jsonResponse(404, { code: "004" })));
    renderWithRouter(<DrawerContent session={sessionFor()} appId="app-1" />, "/apps/app-1/reports");
    expect(screen.getByRole("link", { name: t("nav.app.reports") })).toHaveClass("Mui-selected");
    expect(screen.getByRole("link", { name: t("nav.app.report") })).not.toHaveClass("Mui-selected");
  });

  it("offers the data export page to the account that owns the app, never to a sub-account, which would be refused", () => {
    stubFetch((url) => (url === "/api/apps" ? jsonResponse(200, { apps: [] }) : jsonResponse(404, { code: "004" })));
    const owner = renderWithRouter(<DrawerContent session={sessionFor()} appId="app-1" />, "/apps/app-1/exports");
    const dataExport = screen.getByRole("link", { name: t("nav.app.dataExport") });
    expect(dataExport).toHaveAttribute("href", "/apps/app-1/exports");
    expect(dataExport).toHaveClass("Mui-selected");
    owner.unmount();
    renderWithRouter(
      <DrawerContent session={sessionFor({ userType: "subaccount", subAccountAppId: "app-1" })} appId="app-1" />,
      "/apps/app-1/user",
    );
    expect(screen.getByRole("link", { name: t("nav.app.user") })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("nav.app.dataExport") })).not.toBeInTheDocument();
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
