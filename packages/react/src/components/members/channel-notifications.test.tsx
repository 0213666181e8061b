import { ParleyError } from "@parley/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMember } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";

function seeded(type: "public" | "open" = "public") {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General", type });
  client.addChannel(channel, { members: [makeMember("kim"), makeMember("lee")] });
  return { client, channel };
}

describe("Channel notifications", () => {
  it("shows the channel's push mode in the members panel and saves a new one", async () => {
    const { client, channel } = seeded();
    client.setPushModeOf("general", "mentions");
    const { user } = renderKit(<Channel channel={channel} />, { client });
    await user.click(await screen.findByRole("button", { name: /Members/ }));
    const setting = screen.getByRole("group", { name: "Notifications" });
    expect(await within(setting).findByRole("radio", { name: "Mentions only" })).toBeChecked();
    expect(within(setting).getByRole("radio", { name: "All messages" })).not.toBeChecked();

    await user.click(within(setting).getByRole("radio", { name: "Muted" }));
    expect(await within(setting).findByRole("radio", { name: "Muted" })).toBeChecked();
    expect(client.requests.filter((r) => r.name === "setChannelPushMode").map((r) => r.args)).toEqual([
      ["general", "mute"],
    ]);
    expect(await client.channelPushMode("general")).toBe("mute");
  });

  it("puts the saved mode back and says why when the server refuses the change", async () => {
    const { client, channel } = seeded();
    client.refuseNext("setChannelPushMode", new ParleyError({ code: "3242", message: "Not yours." }, 403));
    const { user } = renderKit(<Channel channel={channel} />, { client });
    await user.click(await screen.findByRole("button", { name: /Members/ }));
    const setting = screen.getByRole("group", { name: "Notifications" });
    expect(await within(setting).findByRole("radio", { name: "All messages" })).toBeChecked();

    await user.click(within(setting).getByRole("radio", { name: "Mentions only" }));
    expect(await within(setting).findByRole("alert")).toHaveTextContent("Not yours.");
    expect(within(setting).getByRole("radio", { name: "All messages" })).toBeChecked();
    expect(within(setting).getByRole("radio", { name: "Mentions only" })).not.toBeChecked();
  });

  it("is in Korean with a Korean provider", async () => {
    const { client, channel } = seeded();
    client.setPushModeOf("general", "mute");
    const { user } = renderKit(<Channel channel={channel} />, { client, language: "ko" });
    await user.click(await screen.findByRole("button", { name: /멤버/ }));
    const setting = screen.getByRole("group", { name: "알림" });
    expect(await within(setting).findByRole("radio", { name: "끄기" })).toBeChecked();
    await user.click(within(setting).getByRole("radio", { name: "멘션만" }));
    expect(await within(setting).findByRole("radio", { name: "멘션만" })).toBeChecked();
    expect(within(setting).getByRole("radio", { name: "모든 메시지" })).not.toBeChecked();
  });

  it("is not offered in an open channel", async () => {
    const { client, channel } = seeded("open");
    const { user } = renderKit(<Channel channel={channel} />, { client });
    await user.click(await screen.findByRole("button", { name: /Members/ }));
    expect(screen.getByRole("complementary", { name: "Members" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Notifications" })).toBeNull();
    expect(client.requests.some((r) => r.name === "channelPushMode")).toBe(false);
  });
});
