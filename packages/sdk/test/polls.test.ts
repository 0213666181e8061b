import { describe, expect, it } from "vitest";
import type { TPoll } from "../src";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

describe("polls", () => {
  it("creates a poll, votes, changes and takes back a vote, and keeps another member's copy current from events", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    const message = await kim.polls.create(channel.id, { question: "Lunch?", options: ["Noodles", "Rice"] });
    expect(message).toMatchObject({ type: "poll", text: "Lunch?" });
    const pollId = (message.poll as TPoll).id;
    await waitFor("lee to see the poll", () => lee.polls.get(pollId) !== undefined);
    const heard: number[][] = [];
    lee.polls.onChange(pollId, (poll) => heard.push(poll.options.map((o) => o.voteCount)));
    const voted = await lee.polls.vote(channel.id, pollId, ["1"]);
    expect(voted).toMatchObject({ totalVoters: 1, myVotes: ["1"] });
    await kim.polls.vote(channel.id, pollId, ["2"]);
    await waitFor("lee to hear kim's vote", () => lee.polls.get(pollId)?.totalVoters === 2);
    // The event carries no votes of lee's; the ones lee made are kept.
    expect(lee.polls.get(pollId)?.myVotes).toEqual(["1"]);
    const changed = await lee.polls.vote(channel.id, pollId, ["2"]);
    expect(changed.options.map((o) => o.voteCount)).toEqual([0, 2]);
    const taken = await lee.polls.retract(channel.id, pollId);
    expect(taken).toMatchObject({ totalVoters: 1, myVotes: [] });
    await waitFor("kim to hear every change", () => kim.polls.get(pollId)?.totalVoters === 1 && heard.length >= 4);
    expect(kim.polls.get(pollId)?.options.map((o) => o.voteCount)).toEqual([0, 1]);
    const voters = await kim.polls.voters(channel.id, pollId, "2");
    expect(voters.voters.map((v) => v.userId)).toEqual(["kim"]);
  });

  it("closes a poll: another member may not, later votes are refused with 3221, and every copy shows it closed", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    const message = await kim.polls.create(channel.id, {
      question: "Where?",
      options: ["Here", "There", "Anywhere"],
      allowsMultiple: true,
    });
    const pollId = (message.poll as TPoll).id;
    await lee.polls.vote(channel.id, pollId, ["1", "3"]);
    await expect(lee.polls.close(channel.id, pollId)).rejects.toMatchObject({ code: "3225" });
    const closed = await kim.polls.close(channel.id, pollId);
    expect(closed.closedAt).not.toBeNull();
    await expect(lee.polls.vote(channel.id, pollId, ["2"])).rejects.toMatchObject({ code: "3221" });
    await waitFor("lee to hear it closed", () => Boolean(lee.polls.get(pollId)?.closedAt));
    expect(await lee.polls.fetch(channel.id, pollId)).toMatchObject({ myVotes: ["1", "3"], totalVoters: 1 });
  });
});
