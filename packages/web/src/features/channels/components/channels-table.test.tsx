import type { TDashboardChannel } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ChannelsTable } from "./channels-table";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

function channel(id: string, name: string, brand: TDashboardChannel["brand"] = null): TDashboardChannel {
  return {
    id,
    name,
    imageUrl: "",
    type: brand ? "private" : "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: brand !== null,
    ownerUserId: null,
    memberCount: 1,
    tags: [],
    lastMessage: null,
    createdAt: "2026-03-01T00:00:00.000Z",
    brand,
  };
}

const lobby = channel("9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d", "Lobby");
const brandChannel = channel("1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "Parley Coffee", {
  brandId: "7c6b5a49-3827-4615-9a0b-1c2d3e4f5a6b",
  brandName: "Parley Coffee",
  recipient: { userId: "kim", nickname: "Kim" },
});

describe("ChannelsTable", () => {
  it("shows a brand channel's recipient and leaves brand channels out when asked", async () => {
    const fetchMock = stubFetch((url) => {
      const kind = new URL(url, "http://localhost").searchParams.get("kind");
      const channels = kind === "regular" ? [lobby] : kind === "brand" ? [brandChannel] : [lobby, brandChannel];
      return jsonResponse(200, { channels, nextCursor: null });
    });
    const { user } = renderWithRouter(<ChannelsTable appId={appId} />, `/apps/${appId}/channels`);

    const row = await screen.findByTestId(`channel-row-${brandChannel.id}`);
    expect(within(row).getByText(t("channels.brand.chip"))).toBeVisible();
    expect(within(row).getByText(t("channels.brand.recipient", { nickname: "Kim", userId: "kim" }))).toBeVisible();
    expect(within(screen.getByTestId(`channel-row-${lobby.id}`)).queryByText(t("channels.brand.chip"))).toBeNull();

    await user.click(screen.getByRole("combobox", { name: t("channels.kind.label") }));
    await user.click(await screen.findByRole("option", { name: t("channels.kind.regular") }));

    await waitFor(() => expect(screen.queryByTestId(`channel-row-${brandChannel.id}`)).not.toBeInTheDocument());
    expect(screen.getByTestId(`channel-row-${lobby.id}`)).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("kind=regular"))).toBe(true);
  });
});
