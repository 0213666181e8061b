import type { TChannelDetailResponse } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { EditChannelDialog } from "./channel-form-dialog";

const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d";

const detail: TChannelDetailResponse = {
  channel: {
    id: channelId,
    name: "Live",
    imageUrl: "",
    type: "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: false,
    ownerUserId: null,
    memberCount: 3,
    tags: [],
    lastMessage: null,
    createdAt: "2025-03-01T00:00:00.000Z",
    slowModeSeconds: 0,
  },
  inviteCode: "",
  subchannel: { enabled: false, minMembers: 500, maxMembers: 3000, mergeMinutes: 60 },
};

describe.each(["en", "ko"] as const)("the channel settings' slow mode (%s)", (language) => {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);
  beforeEach(async () => {
    setSession(sessionFor());
    await i18n.changeLanguage(language);
  });
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it("saves the cooldown with the channel and shows what it means", async () => {
    const fetchMock = stubFetch((_url, init) => {
      const body = JSON.parse(String(init?.body ?? "{}"));
      return jsonResponse(200, { ...detail, channel: { ...detail.channel, slowModeSeconds: body.slowModeSeconds } });
    });
    const onClose = vi.fn();
    const { user } = renderWithRouter(<EditChannelDialog appId={appId} detail={detail} open onClose={onClose} />);
    const field = inputByLabel(t("channels.form.slowModeSeconds"));
    expect(field).toHaveValue(0);
    expect(screen.getByText(t("channels.form.slowModeHint", { max: 21600 }))).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "30");
    await user.click(screen.getByRole("button", { name: t("common.save") }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain(`/apps/${appId}/channels/${channelId}`);
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toMatchObject({ slowModeSeconds: 30 });
  });

  it("refuses a cooldown over six hours before sending anything", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, detail));
    const { user } = renderWithRouter(<EditChannelDialog appId={appId} detail={detail} open onClose={vi.fn()} />);
    const field = inputByLabel(t("channels.form.slowModeSeconds"));
    await user.clear(field);
    await user.type(field, "21601");
    await waitFor(() => expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
