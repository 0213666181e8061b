import { describe, expect, it } from "vitest";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

describe("reactions, replies and edits", () => {
  it("lets two users react, reply in a thread and edit, each change heard by the other", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    const heard: string[] = [];
    kim.on("reaction.added", (e) => heard.push(`reaction.added ${e.userId}`));
    kim.on("message.updated", (e) => heard.push(`message.updated ${e.message?.text}`));
    kim.on("thread.updated", (e) => heard.push(`thread.updated ${e.messageId === question.id}`));
    const question = await kim.messages.send(channel.id, "lunch?");
    const reacted = await lee.messages.react(channel.id, question.id, "👍");
    expect(reacted).toMatchObject({ reactions: { "👍": 1 }, myReactions: ["👍"] });
    const reply = await lee.messages.send(channel.id, "yes", undefined, { parentMessageId: question.id });
    expect(reply.parentMessageId).toBe(question.id);
    const thread = await kim.messages.replies(channel.id, question.id);
    expect(thread.messages.map((m) => m.text)).toEqual(["yes"]);
    // A reply kept in its thread is not in the channel's history.
    expect((await kim.messages.history(channel.id)).messages.map((m) => m.text)).toEqual(["lunch?"]);
    const edited = await kim.messages.edit(channel.id, question.id, { text: "lunch at noon?" });
    expect(edited.editedAt).not.toBeNull();
    await expect(lee.messages.edit(channel.id, question.id, { text: "mine now" })).rejects.toMatchObject({
      code: "3067",
    });
    await waitFor("kim to hear all three", () => heard.length >= 3);
    expect(heard).toEqual(["reaction.added lee", "thread.updated true", "message.updated lunch at noon?"]);
    expect((await lee.messages.unreact(channel.id, question.id, "👍")).reactions).toEqual({});
  });

  it("catches up on the reactions and edits a reconnecting client missed", async () => {
    const { kim, lee, channel } = await room();
    const sent = await kim.messages.send(channel.id, "draft");
    await lee.connect();
    lee.disconnect();
    await kim.messages.react(channel.id, sent.id, "like");
    await kim.messages.edit(channel.id, sent.id, { text: "final" });
    const missed: string[] = [];
    lee.on("reaction.added", (e) => missed.push(`reaction ${e.reaction}`));
    lee.on("message.updated", (e) => missed.push(`edit ${e.message?.text}`));
    await lee.connect();
    expect(missed).toEqual(["reaction like", "edit final"]);
  });
});
