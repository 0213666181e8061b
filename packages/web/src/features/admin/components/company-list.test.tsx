import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { companyPage, companySummary } from "../testing/fixtures";
import { CompanyList } from "./company-list";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const listPath = "/api/admin/companies";
const lastUrl = (fetchMock: ReturnType<typeof stubFetch>) => String(fetchMock.mock.calls.at(-1)?.[0]);
const columnHeader = (key: string) => screen.getByRole("button", { name: t(`admin.columns.${key}`) });

describe("CompanyList", () => {
  it("asks for the search, order and page the address names and shows the rows with localized chips", async () => {
    const acme = companySummary({ planState: "stopped", kind: "marketplaceaccount", messagesThisMonth: 1_234_567 });
    const fetchMock = stubFetch(() => jsonResponse(200, companyPage([acme], { total: 41, page: 3, pageSize: 20 })));
    const { router, user } = renderWithRouter(<CompanyList />, "/admin/companylist?q=acme&sort=email&order=asc&page=3");

    const row = await screen.findByTestId(`company-row-${acme.id}`);
    expect(lastUrl(fetchMock)).toBe(`${listPath}?q=acme&sort=email&order=asc&page=3&pageSize=20`);
    expect(within(row).getByRole("link", { name: "Acme Chat" })).toHaveAttribute(
      "href",
      `/admin/companydetail/${acme.id}`,
    );
    expect(within(row).getByText(t("admin.planState.stopped"))).toBeInTheDocument();
    expect(within(row).getByText(t("admin.kind.marketplaceaccount"))).toBeInTheDocument();
    expect(within(row).getByText(new Intl.NumberFormat(i18n.language).format(1_234_567))).toBeInTheDocument();
    expect(screen.getByTestId("company-range")).toHaveTextContent(
      t("admin.list.range", { from: 41, to: 41, total: 41 }),
    );
    expect(screen.getByDisplayValue("acme")).toBeInTheDocument();

    await user.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/companydetail/${acme.id}`));
  });

  it("flips the order of a column on each click of its header and keeps it in the address", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, companyPage([companySummary()])));
    const { router, user } = renderWithRouter(<CompanyList />, "/admin/companylist?page=2");
    await screen.findByTestId(/^company-row-/);
    expect(lastUrl(fetchMock)).toBe(`${listPath}?sort=createdAt&order=desc&page=2&pageSize=20`);

    await user.click(columnHeader("companyName"));
    await waitFor(() => expect(lastUrl(fetchMock)).toBe(`${listPath}?sort=companyName&order=asc&page=1&pageSize=20`));
    expect(router.state.location.search).toBe("?sort=companyName&order=asc");
    expect(columnHeader("companyName").closest("th")).toHaveAttribute("aria-sort", "ascending");

    await user.click(columnHeader("companyName"));
    await waitFor(() => expect(lastUrl(fetchMock)).toBe(`${listPath}?sort=companyName&order=desc&page=1&pageSize=20`));
    expect(columnHeader("companyName").closest("th")).toHaveAttribute("aria-sort", "descending");

    await user.click(columnHeader("messagesThisMonth"));
    await waitFor(() =>
      expect(lastUrl(fetchMock)).toBe(`${listPath}?sort=messagesThisMonth&order=desc&page=1&pageSize=20`),
    );
  });

  it("searches once typing pauses and starts again from page 1", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, companyPage([companySummary()], { total: 60, page: 2 })));
    const { user } = renderWithRouter(<CompanyList />, "/admin/companylist?page=2");
    await screen.findByTestId(/^company-row-/);

    await user.type(screen.getByRole("searchbox", { name: t("admin.list.search") }), "owner@");
    await waitFor(() =>
      expect(lastUrl(fetchMock)).toBe(`${listPath}?q=owner%40&sort=createdAt&order=desc&page=1&pageSize=20`),
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes("q="))).toHaveLength(1);
  });

  it("moves to the page whose number is clicked", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, companyPage([companySummary()], { total: 45 })));
    const { user } = renderWithRouter(<CompanyList />, "/admin/companylist");
    await screen.findByTestId(/^company-row-/);

    await user.click(screen.getByRole("button", { name: t("admin.list.goToPage", { page: 3 }) }));
    await waitFor(() => expect(lastUrl(fetchMock)).toBe(`${listPath}?sort=createdAt&order=desc&page=3&pageSize=20`));
  });
});
