import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { AddMembersDialog } from "./add-members-dialog";
import { MuteDialog } from "./mute-dialog";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
const member = { userId: "alice", nickname: "Alice" };
const userIdsField = () => screen.getByRole("textbox", { name: new RegExp(`^${t("members.userIds")}`) });

describe("MuteDialog", () => {
  it("refuses an empty duration and 1441 minutes, then mutes for a valid one", async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(200, {
        ...member,
        profileImageUrl: "",
        isActive: true,
        role: "member",
        joinedAt: "2025-03-01T00:00:00.000Z",
        mutedUntil: "2025-03-01T01:00:00.000Z",
      }),
    );
    const { user } = renderWithRouter(
      <MuteDialog appId={appId} channelId={channelId} member={member} onClose={() => {}} />,
    );
    const minutes = inputByLabel(t("members.muteMinutes"));
    const submit = screen.getByRole("button", { name: t("members.mute") });

    await user.click(submit);
    expect(await screen.findByText(t("VALIDATION_REQUIRED"))).toBeInTheDocument();
    expect(minutes).toHaveAttribute("aria-invalid", "true");

    await user.type(minutes, "1441");
    await user.click(submit);
    expect(await screen.findByText(t("VALIDATION_MUTE_MINUTES"))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(minutes);
    await user.type(minutes, "60");
    await user.click(submit);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/apps/${appId}/channels/${channelId}/members/mute`);
    expect(JSON.parse(String(init?.body))).toEqual({ userId: "alice", minutes: 60 });
  });
});

describe("AddMembersDialog", () => {
  it("refuses 101 user IDs", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    const { user } = renderWithRouter(<AddMembersDialog appId={appId} channelId={channelId} open onClose={() => {}} />);
    const field = userIdsField();
    field.focus();
    await user.paste(Array.from({ length: 101 }, (_, index) => `user${index}`).join("\n"));
    await user.click(screen.getByRole("button", { name: t("members.add") }));

    expect(await screen.findByText(t("VALIDATION_INVITE_COUNT"))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a banned user's refusal (3029) in the dialog", async () => {
    stubFetch(() => jsonResponse(409, { code: "3029", message: "banned" }));
    const { user } = renderWithRouter(<AddMembersDialog appId={appId} channelId={channelId} open onClose={() => {}} />);
    await user.type(userIdsField(), "alice{enter}bob");
    await user.click(screen.getByRole("button", { name: t("members.add") }));

    expect(await screen.findByRole("alert")).toHaveTextContent(t("ERROR_3029"));
  });
});
