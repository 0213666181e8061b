import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { MemberRoleSelect } from "./member-role-select";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "c0ffee00-0000-4000-8000-000000000001";

function stubServer() {
  const sent: { path: string; body: unknown }[] = [];
  stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    if (init?.method === "PUT" && url.pathname.endsWith("/role")) {
      const body = JSON.parse(String(init.body)) as { role: string };
      sent.push({ path: url.pathname, body });
      return jsonResponse(200, { userId: "lee", role: body.role });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return sent;
}

describe("MemberRoleSelect", () => {
  it("makes a member the channel's moderator and says so", async () => {
    const sent = stubServer();
    renderWithRouter(
      <MemberRoleSelect appId={appId} channelId={channelId} userId="lee" nickname="LEE" current="member" />,
    );
    const select = screen.getByRole("combobox", { name: t("roles.memberRole") });
    expect(select).toHaveTextContent(t("roles.channelRole.member"));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole("option", { name: t("roles.channelRole.moderator") }));

    await waitFor(() =>
      expect(sent).toEqual([
        { path: `/api/apps/${appId}/channels/${channelId}/members/lee/role`, body: { role: "moderator" } },
      ]),
    );
    expect(
      await screen.findByText(t("roles.memberRoleChanged", { name: "LEE", role: t("roles.channelRole.moderator") })),
    ).toBeInTheDocument();
  });

  it("shows the owner's role without offering to change it here", () => {
    stubServer();
    renderWithRouter(
      <MemberRoleSelect appId={appId} channelId={channelId} userId="kim" nickname="KIM" current="owner" />,
    );
    const select = screen.getByRole("combobox", { name: t("roles.memberRole") });
    expect(select).toHaveTextContent(t("roles.channelRole.owner"));
    expect(select).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText(t("roles.ownerHint"))).toBeInTheDocument();
  });
});
