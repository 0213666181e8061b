import { ParleyError } from "@parley/sdk";
import { memoryStorage } from "@parley/sdk/offline";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Channel } from "./components/channel/channel";
import { ChannelList } from "./components/channel-list/channel-list";
import { Chat } from "./components/chat";
import { FakeClient, makeChannel, makeMember, makeMessage } from "./testing/fake-client";
import { attachOffline, closeOfflineStores } from "./testing/offline";
import { renderKit } from "./testing/render";

afterEach(() => closeOfflineStores());

const OFFLINE_BANNER = "You're offline. Messages will be sent when you're back.";

/** Kim in General with Lee, who said good morning; the client has the SDK's offline layer over its own storage. */
async function room() {
  const client = new FakeClient("kim");
  const general = makeChannel("general", { name: "General" });
  client.addChannel(general, {
    members: [makeMember("kim"), makeMember("lee")],
    messages: [makeMessage("general", 1, "lee", "Morning")],
  });
  const store = await attachOffline(client);
  return { client, general, store };
}

/** Types a message into the channel's box and sends it. */
async function send(user: ReturnType<typeof renderKit>["user"], text: string) {
  const box = screen.getByRole("combobox", { name: "Message" });
  await user.type(box, text);
  await user.click(screen.getByRole("button", { name: "Send" }));
}

const article = (text: string) => screen.getByText(text).closest("article") as HTMLElement;
const row = (text: string) => screen.getByText(text).closest<HTMLElement>(".pk-message-row");

describe("the channel list with the offline layer", () => {
  it("draws the user's channels from the device's copy before the server answers, then takes the server's", async () => {
    const storage = memoryStorage();
    // An earlier session on this device kept the user's list.
    const earlier = new FakeClient("kim");
    earlier.addChannel(makeChannel("general", { name: "General" }));
    earlier.addChannel(makeChannel("random", { name: "Random" }));
    await (await attachOffline(earlier, storage)).refreshChannels();
    await closeOfflineStores();

    // Since then the user left Random elsewhere; the server is slow to say anything.
    const client = new FakeClient("kim");
    client.addChannel(makeChannel("general", { name: "General" }));
    client.addChannel(makeChannel("lobby", { name: "Lobby" }), { joined: false });
    client.setNetwork("stalled");
    await attachOffline(client, storage);
    renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, { client });

    expect(await screen.findByText("General")).toBeInTheDocument();
    expect(screen.getByText("Random")).toBeInTheDocument();
    expect(screen.queryByText("No channels yet.")).toBeNull();
    expect(client.requests.filter((r) => r.name === "channels.list")).toEqual([]);

    client.setNetwork("online");
    expect(await screen.findByText("Lobby")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Random")).toBeNull());
    expect(screen.getByText("General")).toBeInTheDocument();
  });
});

describe("the message list with the offline layer", () => {
  it("shows a send made offline as waiting, then the sent message in its place once the server has it", async () => {
    const { client, general, store } = await room();
    const { user } = renderKit(<Channel channel={general} />, { client });
    expect(await screen.findByText("Morning")).toBeInTheDocument();

    client.setNetwork("offline");
    await send(user, "see you soon");
    // The box clears at once, and the message waits as the user's own.
    expect(screen.getByRole("combobox", { name: "Message" })).toHaveValue("");
    await waitFor(() => expect(article("see you soon")).toHaveAccessibleName("KIM: see you soon (Waiting to send)"));
    expect(article("see you soon")).toHaveClass("pk-own", "pk-pending");
    expect(within(article("see you soon")).getByTestId("pending-state")).toHaveTextContent("Waiting to send");
    expect(client.requests.some((r) => r.name === "messages.send")).toBe(false);
    const pendingRow = row("see you soon");

    client.setNetwork("online");
    store.flush();
    await waitFor(() => expect(screen.queryByTestId("pending-state")).toBeNull());
    // The message took over the pending row's node: no row was removed and another drawn in its place.
    expect(row("see you soon")).toBe(pendingRow);
    expect(pendingRow?.dataset.id).toBe("general-m2");
    expect(article("see you soon")).toHaveAccessibleName("KIM: see you soon");
    expect(screen.getAllByText("see you soon")).toHaveLength(1);
    const sent = client.requests.filter((r) => r.name === "messages.send");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.args[2]).toMatchObject({ clientMessageId: expect.any(String) });
  });

  it("discards a waiting send through the outbox, so it never goes out", async () => {
    const { client, general, store } = await room();
    const discard = vi.spyOn(store, "discard");
    const { user } = renderKit(<Channel channel={general} />, { client });
    await screen.findByText("Morning");

    client.setNetwork("offline");
    await send(user, "never mind");
    await waitFor(() => expect(article("never mind")).toHaveClass("pk-pending"));
    await user.click(within(article("never mind")).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.queryByText("never mind")).toBeNull());
    expect(discard).toHaveBeenCalledWith(store.outbox()[0]?.id ?? expect.any(String));

    client.setNetwork("online");
    store.flush();
    await waitFor(() => expect(store.outbox()).toEqual([]));
    expect(client.requests.some((r) => r.name === "messages.send")).toBe(false);
  });

  it("shows a refused send as not sent with the reason, and retries or discards it through the outbox", async () => {
    const { client, general, store } = await room();
    const retry = vi.spyOn(store, "retry");
    const discard = vi.spyOn(store, "discard");
    const { user } = renderKit(<Channel channel={general} />, { client });
    await screen.findByText("Morning");

    client.setNetwork("offline");
    await send(user, "first try");
    await send(user, "second try");
    await waitFor(() => expect(article("second try")).toHaveClass("pk-pending"));
    const [first, second] = store.outbox("general");
    client.refuseNext("messages.send", new ParleyError({ code: "3013", message: "Text too long." }, 400));
    client.refuseNext("messages.send", new ParleyError({ code: "3999", message: "Something new." }, 400));
    client.setNetwork("online");
    store.flush();

    await waitFor(() => expect(article("second try")).toHaveClass("pk-failed"));
    const refused = article("first try");
    expect(refused).toHaveClass("pk-failed");
    expect(refused).toHaveAccessibleName("KIM: first try (Not sent)");
    // A code the kit knows is said in the user's language; another shows the server's own words.
    expect(within(refused).getByText("The message is too long.")).toBeInTheDocument();
    expect(within(article("second try")).getByText("Something new. (3999)")).toBeInTheDocument();
    expect(await screen.findByText("Not sent: second try")).toBeInTheDocument();

    const refusedRow = row("first try");
    await user.click(within(refused).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledWith(first?.id);
    await waitFor(() => expect(article("first try")).not.toHaveClass("pk-pending"));
    expect(row("first try")).toBe(refusedRow);

    await user.click(within(article("second try")).getByRole("button", { name: "Discard" }));
    expect(discard).toHaveBeenCalledWith(second?.id);
    await waitFor(() => expect(screen.queryByText("second try")).toBeNull());
    expect(store.outbox()).toEqual([]);
    expect(client.requests.filter((r) => r.name === "messages.send").map((r) => r.args[1])).toEqual([
      "first try",
      "second try",
      "first try",
    ]);
  });

  it("says an empty channel has no messages once the server says so", async () => {
    const client = new FakeClient("kim");
    const quiet = makeChannel("quiet", { name: "Quiet" });
    client.addChannel(quiet);
    await attachOffline(client);
    renderKit(<Channel channel={quiet} />, { client });
    expect(await screen.findByText("No messages yet. Say hello!")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Messages in Quiet" })).toHaveAttribute("aria-busy", "false");
  });

  it("opens a channel's messages from the device's copy while the server cannot be reached", async () => {
    const storage = memoryStorage();
    const earlier = new FakeClient("kim");
    earlier.addChannel(makeChannel("general", { name: "General" }), {
      messages: [makeMessage("general", 1, "lee", "Kept from last time")],
    });
    await (await attachOffline(earlier, storage)).refreshMessages("general");
    await closeOfflineStores();

    const client = new FakeClient("kim");
    client.setNetwork("offline");
    await attachOffline(client, storage);
    renderKit(<Channel channel={makeChannel("general", { name: "General" })} />, { client });
    expect(await screen.findByText("Kept from last time")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Messages in General" })).toHaveAttribute("aria-busy", "false");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("files with the offline layer", () => {
  it("shows a file chosen offline as a waiting file row, and sends it through the outbox once the network is back", async () => {
    const { client, general, store } = await room();
    // The app's uploader offers files; with the offline layer they go through the outbox instead.
    const upload = vi.fn();
    const { user } = renderKit(<Channel channel={general} />, { client, upload });
    await screen.findByText("Morning");

    client.setNetwork("offline");
    client.setConnection("reconnecting");
    const file = new File(["hello, world"], "notes.txt", { type: "text/plain" });
    await user.click(screen.getByRole("button", { name: "Attach a file" }));
    await user.upload(screen.getByTestId("file-input"), file);

    // Stored first, and shown at once as the user's own file, waiting, with its size.
    await waitFor(() => expect(article("notes.txt")).toHaveAccessibleName("KIM: notes.txt (Waiting to send)"));
    const waiting = article("notes.txt");
    expect(waiting).toHaveClass("pk-own", "pk-pending");
    expect(within(waiting).getByText("12 B")).toBeInTheDocument();
    expect(within(waiting).getByTestId("pending-state")).toHaveTextContent("Waiting to send");
    expect(within(waiting).queryByRole("link")).toBeNull();
    expect(within(waiting).getByRole("button", { name: "Discard" })).toBeInTheDocument();
    expect(store.outbox("general")).toEqual([
      expect.objectContaining({ kind: "file", name: "notes.txt", type: "text/plain", size: 12, state: "pending" }),
    ]);
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByRole("status")).toBeNull();
    expect(client.requests.some((r) => r.name === "messages.sendFile")).toBe(false);
    const pendingRow = row("notes.txt");
    const queued = store.outbox("general")[0];
    const clientMessageId = queued?.kind === "file" ? queued.clientMessageId : "no file queued";

    client.setNetwork("online");
    client.setConnection("open");
    store.flush();
    const link = await screen.findByRole("link", { name: "notes.txt" });
    expect(link).toHaveAttribute("href", "/files/notes.txt");
    expect(screen.queryByTestId("pending-state")).toBeNull();
    // The file message took over the pending row's node, under the same key.
    expect(row("notes.txt")).toBe(pendingRow);
    expect(pendingRow?.dataset.id).toBe("general-m2");
    expect(pendingRow?.dataset.key).toBe(clientMessageId);
    expect(screen.getAllByText("notes.txt")).toHaveLength(1);
    const sent = client.requests.filter((r) => r.name === "messages.sendFile");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.args).toEqual([
      "general",
      { name: "notes.txt", size: 12, mimeType: "text/plain" },
      { clientMessageId },
    ]);
    await waitFor(() => expect(store.outbox()).toEqual([]));
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows a refused file as not sent, and retries it through the outbox", async () => {
    const { client, general, store } = await room();
    const { user } = renderKit(<Channel channel={general} />, { client, upload: vi.fn() });
    await screen.findByText("Morning");

    client.setNetwork("offline");
    await user.click(screen.getByRole("button", { name: "Attach a file" }));
    await user.upload(screen.getByTestId("file-input"), new File(["x".repeat(2048)], "plan.pdf"));
    await waitFor(() => expect(article("plan.pdf")).toHaveClass("pk-pending"));
    expect(within(article("plan.pdf")).getByText("2 KB")).toBeInTheDocument();

    client.refuseNext("messages.sendFile", new ParleyError({ code: "3999", message: "Not today." }, 400));
    client.setNetwork("online");
    store.flush();
    await waitFor(() => expect(article("plan.pdf")).toHaveClass("pk-failed"));
    expect(article("plan.pdf")).toHaveAccessibleName("KIM: plan.pdf (Not sent)");
    expect(within(article("plan.pdf")).getByText("Not today. (3999)")).toBeInTheDocument();
    expect(await screen.findByText("Not sent: plan.pdf")).toBeInTheDocument();

    await user.click(within(article("plan.pdf")).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "plan.pdf" })).toBeInTheDocument();
    expect(screen.queryByTestId("pending-state")).toBeNull();
    expect(client.requests.filter((r) => r.name === "messages.sendFile")).toHaveLength(2);
  });

  it("sends a file through the app's uploader, as before, without the offline layer", async () => {
    const client = new FakeClient("kim");
    const general = makeChannel("general", { name: "General" });
    client.addChannel(general);
    const upload = vi.fn(async () =>
      makeMessage("general", 1, "kim", "", {
        type: "file",
        file: { url: "/files/a.txt", name: "a.txt", size: 1, mimeType: "text/plain" },
      }),
    );
    const { user } = renderKit(<Channel channel={general} />, { client, upload });
    await user.click(await screen.findByRole("button", { name: "Attach a file" }));
    await user.upload(screen.getByTestId("file-input"), new File(["a"], "a.txt", { type: "text/plain" }));
    expect(await screen.findByRole("link", { name: "a.txt" })).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(client.requests.some((r) => r.name === "messages.sendFile")).toBe(false);
  });
});

describe("a channel the device has never loaded, opened offline", () => {
  const WAITING = "Messages will appear when you're back online.";

  it("says its messages come once back online, and loads them when the link opens", async () => {
    const client = new FakeClient("kim");
    const general = makeChannel("general", { name: "General" });
    client.addChannel(general, { messages: [makeMessage("general", 1, "lee", "Morning")] });
    client.setNetwork("offline");
    client.connectionState = "reconnecting";
    await attachOffline(client);
    const { rerender } = renderKit(<Channel channel={general} />, { client });

    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Messages in General" });
    expect(list).toHaveAttribute("aria-busy", "false");
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(screen.queryByText("No messages yet. Say hello!")).toBeNull();

    rerender(<Channel channel={general} />, { language: "ko" });
    expect(screen.getByText("다시 연결되면 메시지를 불러옵니다.")).toBeInTheDocument();
    rerender(<Channel channel={general} />, { language: "en" });

    // The network is back, but nothing asks the server for the channel until the link says it is open.
    client.setNetwork("online");
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText(WAITING)).toBeInTheDocument();
    act(() => client.setConnection("open"));
    expect(await screen.findByText("Morning")).toBeInTheDocument();
    expect(screen.queryByText(WAITING)).toBeNull();
    expect(list).toHaveAttribute("aria-busy", "false");
  });

  it("shows the loading line, not the offline one, while the link is open and the server has not answered", async () => {
    const client = new FakeClient("kim");
    const general = makeChannel("general", { name: "General" });
    client.addChannel(general, { messages: [makeMessage("general", 1, "lee", "Morning")] });
    client.setNetwork("stalled");
    await attachOffline(client);
    renderKit(<Channel channel={general} />, { client });
    expect(await screen.findByText("Loading…")).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(WAITING)).toBeNull();

    client.setNetwork("online");
    expect(await screen.findByText("Morning")).toBeInTheDocument();
  });

  it("shows what the device kept rather than the offline line, when it kept something", async () => {
    const storage = memoryStorage();
    const earlier = new FakeClient("kim");
    earlier.addChannel(makeChannel("general", { name: "General" }), {
      messages: [makeMessage("general", 1, "lee", "Kept from last time")],
    });
    await (await attachOffline(earlier, storage)).refreshMessages("general");
    await closeOfflineStores();

    const client = new FakeClient("kim");
    client.setNetwork("offline");
    client.connectionState = "closed";
    await attachOffline(client, storage);
    renderKit(<Channel channel={makeChannel("general", { name: "General" })} />, { client });
    expect(await screen.findByText("Kept from last time")).toBeInTheDocument();
    expect(screen.queryByText(WAITING)).toBeNull();
  });
});

describe("a thread with the offline layer", () => {
  it("queues a reply sent offline in the thread alone, and shows it sent, once, when the server is back", async () => {
    const client = new FakeClient("kim");
    const general = makeChannel("general", { name: "General" });
    client.addChannel(general, {
      members: [makeMember("kim"), makeMember("lee")],
      messages: [
        makeMessage("general", 1, "lee", "Where to eat?", { replyCount: 1 }),
        makeMessage("general", 2, "lee", "Noodles?", { parentMessageId: "general-m1" }),
      ],
    });
    const store = await attachOffline(client);
    const { user } = renderKit(<Channel channel={general} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    await user.click(await within(chat).findByRole("button", { name: "1 reply" }));
    const thread = screen.getByRole("complementary", { name: "Thread" });
    expect(await within(thread).findByText("Noodles?")).toBeInTheDocument();

    client.setNetwork("offline");
    client.setConnection("reconnecting");
    const box = within(thread).getByRole("combobox", { name: "Message" });
    await user.type(box, "Sure{Enter}");
    expect(box).toHaveValue("");
    const waiting = await within(thread).findByRole("article", { name: "KIM: Sure (Waiting to send)" });
    expect(waiting).toHaveClass("pk-own", "pk-pending");
    // A reply kept in its thread waits there, not among the channel's own messages.
    expect(within(chat).queryByText("Sure")).toBeNull();
    expect(store.outbox().map((item) => item.kind)).toEqual(["send"]);
    const pendingRow = waiting.closest<HTMLElement>(".pk-message-row");

    // The server answers before the link is back: the reply is taken in from the answer, not from an event.
    client.setNetwork("online");
    store.flush();
    await waitFor(() => expect(within(thread).queryByTestId("pending-state")).toBeNull());
    expect(within(thread).getByRole("article", { name: "KIM: Sure" }).closest(".pk-message-row")).toBe(pendingRow);
    expect(within(thread).getAllByText("Sure")).toHaveLength(1);
    expect(within(chat).queryByText("Sure")).toBeNull();
    const sends = client.requests.filter((r) => r.name === "messages.send");
    expect(sends.map((r) => r.args[2])).toEqual([
      { parentMessageId: "general-m1", clientMessageId: expect.any(String) },
    ]);
  });

  it("offers a refused reply again from the thread, and takes the message in once the retry is stored", async () => {
    const client = new FakeClient("kim");
    const general = makeChannel("general", { name: "General" });
    client.addChannel(general, {
      members: [makeMember("kim"), makeMember("lee")],
      messages: [makeMessage("general", 1, "lee", "Where to eat?", { replyCount: 0 })],
    });
    const store = await attachOffline(client);
    const { user } = renderKit(<Channel channel={general} />, { client });
    const chat = await screen.findByRole("region", { name: "Messages in General" });
    await within(chat).findByText("Where to eat?");
    await user.hover(within(chat).getByRole("article", { name: "LEE: Where to eat?" }));
    await user.click(within(chat).getByRole("button", { name: "Reply" }));
    const thread = screen.getByRole("complementary", { name: "Thread" });

    client.refuseNext("messages.send", new ParleyError({ code: "3013", message: "Text too long." }, 400));
    await user.type(within(thread).getByRole("combobox", { name: "Message" }), "Noodles{Enter}");
    const refused = await within(thread).findByRole("article", { name: "KIM: Noodles (Not sent)" });
    await user.click(within(refused).getByRole("button", { name: "Retry" }));
    store.flush();
    expect(await within(thread).findByRole("article", { name: "KIM: Noodles" })).toBeInTheDocument();
    expect(store.outbox()).toEqual([]);
  });
});

describe("the offline banner", () => {
  it("says the chat is offline while the link is down, in the user's language, and goes when it is back", async () => {
    const { client } = await room();
    const { rerender } = renderKit(<Chat />, { client });
    await screen.findByRole("button", { name: /General/ });
    expect(screen.queryByText(OFFLINE_BANNER)).toBeNull();

    client.setConnection("reconnecting");
    const banner = await screen.findByText(OFFLINE_BANNER);
    expect(banner.closest('[role="status"]')).not.toBeNull();

    rerender(<Chat />, { language: "ko" });
    expect(screen.getByText("오프라인입니다. 연결되면 메시지를 보냅니다.")).toBeInTheDocument();

    client.setConnection("open");
    await waitFor(() => expect(screen.queryByText("오프라인입니다. 연결되면 메시지를 보냅니다.")).toBeNull());
    client.setConnection("closed");
    expect(await screen.findByText("오프라인입니다. 연결되면 메시지를 보냅니다.")).toBeInTheDocument();
  });

  it("is not shown before the link was ever tried, nor without the offline layer", async () => {
    const { client } = await room();
    client.connectionState = "closed";
    renderKit(<Chat />, { client });
    await screen.findByRole("button", { name: /General/ });
    expect(screen.queryByText(OFFLINE_BANNER)).toBeNull();
    client.setConnection("connecting");
    client.setConnection("reconnecting");
    expect(await screen.findByText(OFFLINE_BANNER)).toBeInTheDocument();
  });

  it("leaves the chat as it was without the offline layer", async () => {
    const client = new FakeClient("kim");
    client.addChannel(makeChannel("general", { name: "General" }));
    renderKit(<Chat />, { client });
    await screen.findByRole("button", { name: /General/ });
    client.setConnection("reconnecting");
    expect(await screen.findByText("Reconnecting…")).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_BANNER)).toBeNull();
  });
});
