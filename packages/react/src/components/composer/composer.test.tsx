import type { TMessage } from "@parley/sdk";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { UploadRequest } from "../../lib/upload";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "../message-list/message-list";
import { Composer } from "./composer";
import { TypingIndicator } from "./typing-indicator";

function seeded() {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  client.addChannel(channel, {
    members: [
      makeMember("kim"),
      makeMember("lee", { nickname: "Lee", isOnline: true }),
      makeMember("leah", { nickname: "Leah" }),
      makeMember("park", { nickname: "Park" }),
    ],
  });
  return { client, channel };
}

const sends = (client: FakeClient) => client.requests.filter((r) => r.name === "messages.send");

describe("Composer", () => {
  it("offers the members matching an @ and sends the picked one as a mention", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(
      <Channel channel={channel}>
        <MessageList />
        <Composer />
      </Channel>,
      { client },
    );
    const box = await screen.findByRole("combobox", { name: "Message" });
    expect(box).toHaveAttribute("placeholder", "Message #General");
    await waitFor(() => expect(client.requests.some((r) => r.name === "presence.subscribe")).toBe(true));

    await user.type(box, "hi @le");
    const list = screen.getByRole("listbox", { name: "Members to mention" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.querySelector(".pk-mention-name")?.textContent),
    ).toEqual(["Lee", "Leah"]);
    expect(box).toHaveAttribute("aria-expanded", "true");

    // The keyboard moves through the list and Enter picks, as a combobox does.
    await user.keyboard("{ArrowDown}{Enter}");
    expect(box).toHaveValue("hi @Leah ");
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.type(box, "see you{Enter}");

    expect(sends(client)[0]?.args).toEqual(["general", "hi @Leah see you", { mentionedUserIds: ["leah"] }]);
    expect(box).toHaveValue("");
    expect(await screen.findByText("@Leah")).toHaveClass("pk-mention");
  });

  it("keeps the caret after a picked mention for the keys typed straight after it", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(
      <Channel channel={channel}>
        <Composer />
      </Channel>,
      { client },
    );
    const box = await screen.findByRole("combobox", { name: "Message" });
    await user.type(box, "hi @lea");
    await user.keyboard("{Enter}see you");
    expect(box).toHaveValue("hi @Leah see you");
  });

  it("says the user is typing while they type and stops once they send", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(
      <Channel channel={channel}>
        <Composer />
      </Channel>,
      { client },
    );
    await user.type(await screen.findByRole("combobox", { name: "Message" }), "ok{Enter}");
    const names = client.requests.map((r) => r.name);
    expect(names).toContain("typing.keystroke");
    expect(names.lastIndexOf("typing.stop")).toBeGreaterThan(names.lastIndexOf("typing.keystroke"));
  });

  it("turns /me into an emote", async () => {
    const { client, channel } = seeded();
    const { user } = renderKit(
      <Channel channel={channel}>
        <Composer />
      </Channel>,
      { client },
    );
    await user.type(await screen.findByRole("combobox", { name: "Message" }), "/me waves{Enter}");
    expect(sends(client)[0]?.args).toEqual(["general", "waves", { type: "custom", customType: "emote" }]);
  });

  it("shows who else is typing", async () => {
    const { client, channel } = seeded();
    renderKit(
      <Channel channel={channel}>
        <TypingIndicator />
      </Channel>,
      { client },
    );
    await waitFor(() => expect(client.requests.some((r) => r.name === "presence.subscribe")).toBe(true));
    act(() => client.startTyping("general", "lee"));
    expect(screen.getByTestId("typing-indicator")).toHaveTextContent("Lee is typing…");
  });

  it("sends a file with its progress shown, when the app gives an uploader", async () => {
    const { client, channel } = seeded();
    let finish: (message: TMessage) => void = () => {};
    let report: (fraction: number) => void = () => {};
    const upload = vi.fn(
      (request: UploadRequest) =>
        new Promise<TMessage>((resolve) => {
          finish = resolve;
          report = request.onProgress ?? (() => {});
        }),
    );
    const { user } = renderKit(
      <Channel channel={channel}>
        <MessageList />
        <Composer />
      </Channel>,
      { client, upload },
    );
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    await user.click(await screen.findByRole("button", { name: "Attach a file" }));
    await user.upload(screen.getByTestId("file-input"), file);

    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ channelId: "general", file }));
    act(() => report(0.4));
    expect(screen.getByRole("status")).toHaveTextContent("Uploading notes.txt: 40%");
    expect(screen.getByRole("progressbar", { name: "notes.txt" })).toHaveAttribute("value", "40");

    const sent = makeMessage("general", 1, "kim", "", {
      type: "file",
      file: { url: "/files/notes.txt", name: "notes.txt", size: 5, mimeType: "text/plain" },
    });
    await act(async () => finish(sent));
    expect(screen.queryByRole("status")).toBeNull();
    expect(await screen.findByRole("link", { name: "notes.txt" })).toHaveAttribute("href", "/files/notes.txt");
  });

  it("offers no attachment without an uploader", async () => {
    const { client, channel } = seeded();
    renderKit(
      <Channel channel={channel}>
        <Composer />
      </Channel>,
      { client },
    );
    await screen.findByRole("combobox", { name: "Message" });
    expect(screen.queryByRole("button", { name: "Attach a file" })).toBeNull();
  });
});
