import type { TBrand } from "@parley/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetch } from "@/testing/test-utils";
import { brandKeys } from "./keys";
import { useAllBrands } from "./get-brands";

const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

function brand(n: number): TBrand {
  return {
    id: `0a1b2c3d-4e5f-4a6b-8c7d-${String(n).padStart(12, "0")}`,
    name: `Brand ${n}`,
    description: "",
    coverImage: null,
    inUse: true,
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
  };
}

function wrapperWith(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe("useAllBrands", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads every page, so a select offers brands past the first page", async () => {
    const fetchMock = stubFetch((url) => {
      const cursor = new URL(url, "http://localhost").searchParams.get("cursor");
      if (cursor === null) return jsonResponse(200, { brands: [brand(1), brand(2)], nextCursor: "page-2" });
      if (cursor === "page-2") return jsonResponse(200, { brands: [brand(3)], nextCursor: "page-3" });
      return jsonResponse(200, { brands: [brand(4)], nextCursor: null });
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useAllBrands(appId, "inUse"), { wrapper: wrapperWith(queryClient) });

    await waitFor(() =>
      expect(result.current.data?.map((b) => b.name)).toEqual(["Brand 1", "Brand 2", "Brand 3", "Brand 4"]),
    );
    expect(result.current.hasNextPage).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("inUse=true");
  });

  it("shares the brands screen's cache entry, so clearing the brand lists refreshes it too", async () => {
    let name = "Before";
    stubFetch(() => jsonResponse(200, { brands: [{ ...brand(1), name }], nextCursor: null }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useAllBrands(appId, "inUse"), { wrapper: wrapperWith(queryClient) });
    await waitFor(() => expect(result.current.data?.[0]?.name).toBe("Before"));

    expect(queryClient.getQueryData(brandKeys.list(appId, "", "inUse"))).toBeDefined();
    name = "After";
    await queryClient.invalidateQueries({ queryKey: brandKeys.lists(appId) });
    await waitFor(() => expect(result.current.data?.[0]?.name).toBe("After"));
  });
});
