import { screen, waitForElementToBeRemoved, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";
import { companyDetail, companyId } from "../testing/fixtures";
import { CompanyDetail } from "./company-detail";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const detailPath = `/api/admin/companies/${companyId}`;

function renderDetail() {
  return renderRoutes([{ path: "/admin/companydetail/:companyId", element: <CompanyDetail companyId={companyId} /> }], {
    initialEntries: [`/admin/companydetail/${companyId}`],
  });
}

const deactivatedApp = (at: string | null) =>
  companyDetail({
    apps: [
      {
        id: appId,
        name: "Acme Support",
        messagesThisMonth: 0,
        createdAt: "2026-01-11T00:00:00.000Z",
        deactivatedAt: at,
      },
    ],
  });

describe("deactivating a company's apps", () => {
  it("deactivates one app after asking, and shows it deactivated with a button to reactivate it", async () => {
    const fetchMock = stubFetch((_url, init) =>
      jsonResponse(200, init?.method === "POST" ? deactivatedApp("2026-02-01T00:00:00.000Z") : companyDetail()),
    );
    const { user } = renderDetail();
    const row = await screen.findByTestId(`app-row-${appId}`);
    expect(row).toHaveTextContent(t("admin.appState.active"));

    await user.click(
      within(row).getByRole("button", { name: t("admin.actions.deactivateAppOf", { app: "Acme Support" }) }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: t("admin.ask.deactivateApp.title", { app: "Acme Support" }),
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.deactivateApp") }));

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe(`${detailPath}/apps/${appId}/deactivate`);
    expect(await screen.findByText(t("admin.done.deactivateApp", { app: "Acme Support" }))).toBeInTheDocument();
    // The page stays hidden from assistive technology until the closing dialog has left it.
    await waitForElementToBeRemoved(dialog);
    const changed = screen.getByTestId(`app-row-${appId}`);
    expect(changed).toHaveTextContent(t("admin.appState.deactivated"));
    expect(
      within(changed).getByRole("button", { name: t("admin.actions.reactivateAppOf", { app: "Acme Support" }) }),
    ).toBeInTheDocument();
  });

  it("deactivates every app of the company, and offers to reactivate them once the server says they are", async () => {
    const fetchMock = stubFetch((_url, init) =>
      jsonResponse(
        200,
        init?.method === "POST" ? companyDetail({ appsDeactivatedAt: "2026-02-01T00:00:00.000Z" }) : companyDetail(),
      ),
    );
    const { user } = renderDetail();
    await user.click(await screen.findByRole("button", { name: t("admin.actions.deactivateApps") }));
    const dialog = await screen.findByRole("dialog", {
      name: t("admin.ask.deactivateApps.title", { name: "Acme Chat" }),
    });
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.deactivateApps") }));

    expect(fetchMock.mock.calls.find(([, init]) => init?.method === "POST")?.[0]).toBe(`${detailPath}/apps/deactivate`);
    expect(await screen.findByRole("button", { name: t("admin.actions.reactivateApps") })).toBeInTheDocument();
    expect(screen.getByTestId(`app-row-${appId}`)).toHaveTextContent(t("admin.appState.accountDeactivated"));
  });
});
