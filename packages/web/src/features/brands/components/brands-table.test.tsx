import type { TBrand } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { BrandsTable } from "./brands-table";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

const brands: TBrand[] = [
  {
    id: "0a1b2c3d-4e5f-4a6b-8c7d-000000000001",
    name: "Parley Coffee",
    description: "매일 아침 한 잔 ☕",
    coverImage: { id: "0a1b2c3d-4e5f-4a6b-8c7d-0000000000c1", url: "https://files.example/brand-covers/c1" },
    inUse: true,
    createdAt: "2025-03-02T00:00:00.000Z",
    updatedAt: "2025-03-02T00:00:00.000Z",
  },
  {
    id: "0a1b2c3d-4e5f-4a6b-8c7d-000000000002",
    name: "Old Shop",
    description: "",
    coverImage: null,
    inUse: false,
    createdAt: "2025-03-01T00:00:00.000Z",
    updatedAt: "2025-03-01T00:00:00.000Z",
  },
];

describe("BrandsTable", () => {
  it("lists the app's brands from the API with usage status and a link to each one's edit page", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { brands, nextCursor: null }));
    renderWithRouter(<BrandsTable appId={appId} />, "/");

    const coffee = await screen.findByTestId(`brand-row-${brands[0]?.id}`);
    expect(within(coffee).getByText("매일 아침 한 잔 ☕")).toBeInTheDocument();
    expect(within(coffee).getAllByText(t("brands.usage.inUse")).length).toBeGreaterThan(0);
    expect(
      within(coffee).getByRole("link", { name: t("brands.editNamed", { name: "Parley Coffee" }) }),
    ).toHaveAttribute("href", `/apps/${appId}/message/brand/${brands[0]?.id}/edit`);
    const old = screen.getByTestId(`brand-row-${brands[1]?.id}`);
    expect(within(old).getAllByText(t("brands.usage.notInUse")).length).toBeGreaterThan(0);
    expect(within(old).getByText(t("brands.noDescription"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("common.loadMore") })).not.toBeInTheDocument();

    const [url] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/apps/${appId}/notice/brands?limit=20`);
  });

  it("asks the API for brands not in use when the usage filter says so", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { brands: [], nextCursor: null }));
    const { user } = renderWithRouter(<BrandsTable appId={appId} />, "/");
    expect(await screen.findByText(t("brands.emptyTitle"))).toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: t("brands.fields.inUse") }));
    await user.click(await screen.findByRole("option", { name: t("brands.usage.notInUse") }));

    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain("inUse=false"));
    expect(await screen.findByText(t("brands.noMatch"))).toBeInTheDocument();
  });

  it("reads the next page when there is one", async () => {
    const fetchMock = stubFetch((url) =>
      url.includes("cursor=")
        ? jsonResponse(200, { brands: brands.slice(1), nextCursor: null })
        : jsonResponse(200, { brands: brands.slice(0, 1), nextCursor: "page-2" }),
    );
    const { user } = renderWithRouter(<BrandsTable appId={appId} />, "/");
    await screen.findByText("Parley Coffee");

    await user.click(screen.getByRole("button", { name: t("common.loadMore") }));

    expect(await screen.findByText("Old Shop")).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain("cursor=page-2");
  });
});
