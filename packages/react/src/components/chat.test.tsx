import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../testing/fake-client";
import { renderKit } from "../testing/render";
import { Chat } from "./chat";

function seeded() {
  const client = new FakeClient("kim");
  const members = [makeMember("kim", { isOnline: true }), makeMember("lee", { isOnline: true }), makeMember("park")];
  client.addChannel(makeChannel("general", { name: "General", memberCount: 3 }), {
    members,
    messages: [makeMessage("general", 1, "lee", "Morning"), makeMessage("general", 2, "kim", "Hi all")],
    unread: { unreadCount: 1 },
  });
  return client;
}

describe("Chat", () => {
  it("opens a channel from the list with its header, messages and box, and reads it", async () => {
    const client = seeded();
    const { user } = renderKit(<Chat onLogout={() => {}} />, { client });
    expect(screen.getByText("Pick a channel, or start a chat from a member's name.")).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: /General/ }));
    expect(await screen.findByRole("heading", { level: 2, name: "General" })).toBeInTheDocument();
    // Kim (the viewer) and Lee are online: both are counted, so the line cannot read as if one of them were not.
    await waitFor(() => expect(screen.getByTestId("channel-subtitle")).toHaveTextContent("3 members · 2 online"));
    const chat = screen.getByRole("region", { name: "Messages in General" });
    expect(await within(chat).findByText("Morning")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Message" })).toBeInTheDocument();
    // Read as far as the newest message on screen, so one that arrives while the mark is on its way stays unread.
    const marks = () => client.requests.filter((r) => r.name === "messages.markRead").map((r) => r.args);
    await waitFor(() => expect(marks()).toEqual([["general", 2]]));
    expect(screen.queryByTestId("unread-badge")).toBeNull();

    client.emit("message.created", {
      channelId: "general",
      message: makeMessage("general", 3, "lee", "Lunch?"),
    } as never);
    expect(await within(chat).findByText("Lunch?")).toBeInTheDocument();
    await waitFor(() =>
      expect(marks()).toEqual([
        ["general", 2],
        ["general", 3],
      ]),
    );
  });

  it("shows the members panel with presence, and the user's own message as seen by those who read it", async () => {
    const client = seeded();
    const { user } = renderKit(<Chat />, { client });
    await user.click(await screen.findByRole("button", { name: /General/ }));
    const members = await screen.findByRole("button", { name: /Members/ });
    await user.click(members);
    expect(members).toHaveAttribute("aria-pressed", "true");
    const panel = screen.getByRole("complementary", { name: "Members" });
    expect(
      within(panel)
        .getAllByTestId("member")
        .map((m) => m.querySelector(".pk-member-text")?.textContent),
    ).toEqual(["KIM (you)Online", "LEEOnline", "PARKOffline"]);

    client.emit("channel.read", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await screen.findByText("Seen by 1")).toBeInTheDocument();
  });
});
