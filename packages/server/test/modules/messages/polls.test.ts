import {
  DEFAULT_PERMISSION_MATRIX,
  type TChatEvent,
  type TMessage,
  type TPoll,
  type TPollVotersResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { openSocket } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type Polled = { poll: TPoll };
type Events = { events: TChatEvent[] };

/** An app with a channel kim owns, lee and choi in it, and park outside it. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const choi = await app.user("choi");
  const park = await app.user("park");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  await choi.api.post(`/channels/${channel.id}/join`);
  const polls = `/channels/${channel.id}/polls`;
  /** Lee creates a poll; its message, its poll and the poll's path. */
  const create = async (body: Record<string, unknown> = {}, who = lee) => {
    const created = await who.api.post<{ message: TMessage }>(polls, {
      question: "Lunch?",
      options: ["Noodles", "Rice", "Soup"],
      ...body,
    });
    expect(created.status).toBe(200);
    const { message } = created.body;
    return { message, poll: message.poll as TPoll, path: `${polls}/${message.poll?.id}` };
  };
  const pollEvents = async (who = kim) =>
    (await who.api.get<Events>("/events")).body.events.filter((e) => e.type === "poll.updated");
  return { app, kim, lee, choi, park, id: channel.id, polls, create, pollEvents };
}

describe("creating a poll", () => {
  it("sends a message of type poll that sits in the history with its poll", async () => {
    const { kim, id, create } = await room();
    const { message, poll } = await create({ allowsMultiple: true });
    expect(message).toMatchObject({ type: "poll", text: "Lunch?", sender: { userId: "lee" } });
    expect(poll).toEqual({
      id: expect.any(String),
      messageId: message.id,
      question: "Lunch?",
      options: [
        { id: "1", text: "Noodles", voteCount: 0 },
        { id: "2", text: "Rice", voteCount: 0 },
        { id: "3", text: "Soup", voteCount: 0 },
      ],
      allowsMultiple: true,
      anonymous: false,
      closesAt: null,
      closedAt: null,
      totalVoters: 0,
      createdBy: "lee",
    });
    const history = (await kim.api.get<{ messages: TMessage[] }>(`/channels/${id}/messages`)).body.messages;
    expect(history[0]).toMatchObject({ id: message.id, type: "poll", poll: { ...poll, myVotes: [] } });
    const created = (await kim.api.get<Events>("/events")).body.events.find((e) => e.type === "message.created");
    expect(created?.message?.poll).toEqual(poll);
  });

  it("answers the stored poll message to a resend with the same clientMessageId", async () => {
    const { lee, polls, create } = await room();
    const first = await create({ clientMessageId: "poll-1" });
    const again = await lee.api.post<{ message: TMessage }>(polls, {
      question: "Lunch?",
      options: ["A", "B"],
      clientMessageId: "poll-1",
    });
    expect(again.body.message.id).toBe(first.message.id);
    expect(again.body.message.poll?.id).toBe(first.poll.id);
  });

  it("refuses a non-member with 3020, a closing time in the past with 3226, twin options with 3227", async () => {
    const { park, lee, polls } = await room();
    const body = { question: "Q", options: ["A", "B"] };
    expect((await park.api.post(polls, body)).body).toMatchObject({ code: "3020" });
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    expect((await lee.api.post(polls, { ...body, closesAt: past })).body).toMatchObject({ code: "3226" });
    const far = new Date(t.clock.now().getTime() + 31 * 86_400_000).toISOString();
    expect((await lee.api.post(polls, { ...body, closesAt: far })).body).toMatchObject({ code: "3226" });
    expect((await lee.api.post(polls, { question: "Q", options: ["A", "a"] })).body).toMatchObject({ code: "3227" });
    expect((await lee.api.post(polls, { question: "Q", options: ["A"] })).body).toMatchObject({ code: "300" });
    const eleven = Array.from({ length: 11 }, (_, i) => `o${i}`);
    expect((await lee.api.post(polls, { question: "Q", options: eleven })).body).toMatchObject({ code: "300" });
  });

  it("takes the send grant of the sender's roles: 3197 when the matrix withholds it", async () => {
    const { app, lee, polls } = await room();
    const base = DEFAULT_PERMISSION_MATRIX("public");
    const withheld = { ...base.app, member: base.app.member?.filter((p) => p !== "send") ?? [] };
    expect((await app.server.put("/permissions/public", { app: withheld, channel: base.channel })).status).toBe(200);
    const refused = await lee.api.post(polls, { question: "Q", options: ["A", "B"] });
    expect(refused.body).toMatchObject({ code: "3197", data: { permission: "send" } });
  });
});

describe("voting", () => {
  it("keeps one vote per member on a single-choice poll, a new choice replacing the old", async () => {
    const { kim, lee, create, pollEvents } = await room();
    const { path } = await create();
    const first = await kim.api.put<Polled>(`${path}/votes`, { optionIds: ["1"] });
    expect(first.status).toBe(200);
    expect(first.body.poll).toMatchObject({ totalVoters: 1, myVotes: ["1"] });
    const changed = await kim.api.put<Polled>(`${path}/votes`, { optionIds: ["2"] });
    expect(changed.body.poll.options.map((o) => o.voteCount)).toEqual([0, 1, 0]);
    expect(changed.body.poll).toMatchObject({ totalVoters: 1, myVotes: ["2"] });
    await lee.api.put(`${path}/votes`, { optionIds: ["2"] });
    const read = (await lee.api.get<Polled>(path)).body.poll;
    expect(read.options.map((o) => o.voteCount)).toEqual([0, 2, 0]);
    expect(read).toMatchObject({ totalVoters: 2, myVotes: ["2"] });
    const counts = (await pollEvents()).map((e) => e.poll?.options.map((o) => o.voteCount));
    expect(counts).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 2, 0],
    ]);
    expect((await pollEvents()).every((e) => e.poll?.myVotes === undefined)).toBe(true);
  });

  it("tells no one of the same choice made again", async () => {
    const { kim, create, pollEvents } = await room();
    const { path } = await create();
    await kim.api.put(`${path}/votes`, { optionIds: ["1"] });
    await kim.api.put(`${path}/votes`, { optionIds: ["1"] });
    expect(await pollEvents()).toHaveLength(1);
  });

  it("takes a set of options on a multiple-choice poll, counting the member once", async () => {
    const { kim, choi, create } = await room();
    const { path } = await create({ allowsMultiple: true });
    await kim.api.put(`${path}/votes`, { optionIds: ["1", "3"] });
    const after = (await choi.api.put<Polled>(`${path}/votes`, { optionIds: ["3"] })).body.poll;
    expect(after.options.map((o) => o.voteCount)).toEqual([1, 0, 2]);
    expect(after.totalVoters).toBe(2);
    const narrowed = (await kim.api.put<Polled>(`${path}/votes`, { optionIds: ["2"] })).body.poll;
    expect(narrowed.options.map((o) => o.voteCount)).toEqual([0, 1, 1]);
    expect(narrowed.myVotes).toEqual(["2"]);
  });

  it("takes back a vote, and taking back none tells no one", async () => {
    const { kim, create, pollEvents } = await room();
    const { path } = await create();
    await kim.api.put(`${path}/votes`, { optionIds: ["3"] });
    const taken = await kim.api.delete<Polled>(`${path}/votes`);
    expect(taken.body.poll).toMatchObject({ totalVoters: 0, myVotes: [] });
    expect((await kim.api.delete<Polled>(`${path}/votes`)).status).toBe(200);
    expect((await pollEvents()).map((e) => e.poll?.totalVoters)).toEqual([1, 0]);
  });

  it("refuses two options on a single-choice poll with 3223, an unknown option with 3222, a stranger with 3020", async () => {
    const { kim, park, create } = await room();
    const { path } = await create();
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["1", "2"] })).body).toMatchObject({ code: "3223" });
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["7"] })).body).toMatchObject({ code: "3222" });
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["x"] })).body).toMatchObject({ code: "300" });
    expect((await park.api.put(`${path}/votes`, { optionIds: ["1"] })).body).toMatchObject({ code: "3020" });
    const { poll } = (await kim.api.get<Polled>(path)).body;
    expect(poll.totalVoters).toBe(0);
  });

  it("refuses an option named twice on a multiple-choice poll with 3223 and a poll of another channel with 3220", async () => {
    const { kim, create } = await room();
    const { path } = await create({ allowsMultiple: true });
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["1", "1"] })).body).toMatchObject({ code: "3223" });
    const other = await room();
    const foreign = await other.create();
    const pollId = foreign.poll.id;
    const wrong = path.replace(/polls\/.*$/, `polls/${pollId}`);
    expect((await kim.api.put(`${wrong}/votes`, { optionIds: ["1"] })).body).toMatchObject({ code: "3220" });
  });

  it("refuses the app's server a vote with 1023, as votes are members'", async () => {
    const { app, create } = await room();
    const { path } = await create();
    expect((await app.server.put(`${path}/votes`, { optionIds: ["1"] })).body).toMatchObject({ code: "1023" });
  });

  it("keeps one vote of a member who votes twice at once on a single-choice poll", async () => {
    const { kim, create } = await room();
    const { path } = await create();
    const [a, b] = await Promise.all([
      kim.api.put<Polled>(`${path}/votes`, { optionIds: ["1"] }),
      kim.api.put<Polled>(`${path}/votes`, { optionIds: ["2"] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { poll } = (await kim.api.get<Polled>(path)).body;
    expect(poll.totalVoters).toBe(1);
    expect(poll.options.reduce((sum, o) => sum + o.voteCount, 0)).toBe(1);
    expect(poll.myVotes).toHaveLength(1);
  });

  it("brings the new counts to another member's socket", async () => {
    const { kim, lee, create } = await room();
    const { path, message } = await create();
    const socket = await openSocket(wsUrl, { token: lee.sessionToken });
    await socket.next((f) => f.type === "ready");
    await kim.api.put(`${path}/votes`, { optionIds: ["3"] });
    const event = await socket.event("poll.updated");
    expect(event).toMatchObject({ messageId: message.id, poll: { totalVoters: 1, closedAt: null } });
    expect(event.poll?.options.map((o) => o.voteCount)).toEqual([0, 0, 1]);
    socket.ws.close();
  });
});

describe("voters", () => {
  it("lists who chose an option, earliest first, by pages", async () => {
    const { kim, lee, choi, create } = await room();
    const { path } = await create();
    for (const who of [choi, kim, lee]) {
      await who.api.put(`${path}/votes`, { optionIds: ["2"] });
      t.clock.advance(1000);
    }
    const first = (await kim.api.get<TPollVotersResponse>(`${path}/options/2/voters?limit=2`)).body;
    expect(first.voters.map((v) => v.userId)).toEqual(["choi", "kim"]);
    expect(first.nextCursor).not.toBeNull();
    const rest = (
      await kim.api.get<TPollVotersResponse>(
        `${path}/options/2/voters?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
      )
    ).body;
    expect(rest).toEqual({ voters: [expect.objectContaining({ userId: "lee" })], nextCursor: null });
    expect((await kim.api.get<TPollVotersResponse>(`${path}/options/1/voters`)).body.voters).toEqual([]);
    expect((await kim.api.get(`${path}/options/9/voters`)).body).toMatchObject({ code: "3222" });
  });

  it("hides the voters of an anonymous poll from everyone, the app's server too, with 3224, counts still shown", async () => {
    const { app, kim, lee, create } = await room();
    const { path } = await create({ anonymous: true });
    await kim.api.put(`${path}/votes`, { optionIds: ["1"] });
    expect((await lee.api.get(`${path}/options/1/voters`)).body).toMatchObject({ code: "3224" });
    expect((await app.server.get(`${path}/options/1/voters`)).body).toMatchObject({ code: "3224" });
    expect((await lee.api.get<Polled>(path)).body.poll).toMatchObject({ anonymous: true, totalVoters: 1 });
  });
});

describe("closing", () => {
  it("closes by its creator once: later votes answer 3221, closing again answers 3221, one event", async () => {
    const { kim, lee, create, pollEvents } = await room();
    const { path } = await create();
    await kim.api.put(`${path}/votes`, { optionIds: ["1"] });
    const closed = await lee.api.post<Polled>(`${path}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.poll.closedAt).toBe(t.clock.now().toISOString());
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["2"] })).body).toMatchObject({ code: "3221" });
    expect((await kim.api.delete(`${path}/votes`)).body).toMatchObject({ code: "3221" });
    expect((await lee.api.post(`${path}/close`)).body).toMatchObject({ code: "3221" });
    const events = await pollEvents();
    expect(events.map((e) => e.poll?.closedAt !== null)).toEqual([false, true]);
    expect((await kim.api.get<Polled>(path)).body.poll).toMatchObject({ myVotes: ["1"], totalVoters: 1 });
  });

  it("refuses another member's close with 3225 and lets a channel moderator, the owner and the app's server close", async () => {
    const { app, kim, choi, id, create } = await room();
    const first = await create();
    expect((await choi.api.post(`${first.path}/close`)).body).toMatchObject({ code: "3225" });
    expect((await app.server.put(`/channels/${id}/members/choi/role`, { role: "moderator" })).status).toBe(200);
    expect((await choi.api.post(`${first.path}/close`)).status).toBe(200);
    const second = await create();
    expect((await kim.api.post(`${second.path}/close`)).status).toBe(200);
    const third = await create();
    expect((await app.server.post<Polled>(`${third.path}/close`)).body.poll.closedAt).not.toBeNull();
  });

  it("closes at its closing time by the job queue, once, as of that time", async () => {
    const { kim, create, pollEvents } = await room();
    const closesAt = new Date(t.clock.now().getTime() + 60_000);
    const { path, poll } = await create({ closesAt: closesAt.toISOString() });
    expect(poll.closesAt).toBe(closesAt.toISOString());
    await kim.api.put(`${path}/votes`, { optionIds: ["2"] });
    t.clock.advance(61_000);
    await t.ctx.database.query(
      `update jobs set start_after = now() where name = 'polls.close' and data->>'pollId' = $1 and state = 'created'`,
      [poll.id],
    );
    await t.jobsIdle();
    expect((await kim.api.get<Polled>(path)).body.poll.closedAt).toBe(closesAt.toISOString());
    const events = await pollEvents();
    expect(events.filter((e) => e.poll?.closedAt)).toHaveLength(1);
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["1"] })).body).toMatchObject({ code: "3221" });
  });

  it("refuses a vote once the closing time has passed, before any job ran, and closes the poll for everyone", async () => {
    const { kim, lee, create, pollEvents } = await room();
    const closesAt = new Date(t.clock.now().getTime() + 3_600_000);
    const { path } = await create({ closesAt: closesAt.toISOString() });
    t.clock.advance(3_600_000);
    expect((await kim.api.put(`${path}/votes`, { optionIds: ["1"] })).body).toMatchObject({ code: "3221" });
    expect((await lee.api.get<Polled>(path)).body.poll.closedAt).toBe(closesAt.toISOString());
    expect(await pollEvents()).toHaveLength(1);
  });
});
