import fs from "node:fs/promises";
import path from "node:path";
import type { TChannel, TChatUsersPage, TDataExportResponse, TDataImport, TMember, TMessage } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { startTalkPlusServer, type TalkPlusData } from "../../support/talkplus-server";
import { type ChatApp, dashboard, FIXTURES, multipart, reader, runImport } from "./imports-api";
import { expectedTalkPlusChannel, expectedTalkPlusUsers } from "./talkplus-expected";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { IMPORT_PAGE_ROWS: "3", EXPORT_PAGE_ROWS: "3", ...ALLOW_LOOPBACK } });
});
afterAll(() => t?.close());

type Reader = Awaited<ReturnType<typeof reader>>;

/** Everything the chat API shows of an app, read with its server key and as each of `readers`. */
async function readApp(app: ChatApp, readers: string[]) {
  const { users } = (await app.server.get<TChatUsersPage>("/users?limit=100")).body;
  const channels = new Map<string, { channel: TChannel; members: TMember[]; messages: TMessage[] }>();
  const unread: Record<string, Record<string, [number | undefined, number | undefined]>> = {};
  for (const userId of readers) {
    const user = await reader(t, app, userId);
    const mine: Record<string, [number | undefined, number | undefined]> = {};
    unread[userId] = mine;
    for (const channel of await user.channels()) {
      mine[channel.name] = [channel.unreadCount, channel.unreadMentionCount];
      if (!channels.has(channel.id)) channels.set(channel.id, await readChannel(app, user, channel));
    }
  }
  return { users, channels: [...channels.values()], unread };
}

async function readChannel(app: ChatApp, user: Reader, channel: TChannel) {
  const members = (await app.server.get<{ members: TMember[] }>(`/channels/${channel.id}/members?limit=100`)).body
    .members;
  const history = await user.messages(channel.id);
  const replies = await Promise.all(
    history.filter((m) => (m.replyCount ?? 0) > 0).map((m) => user.replies(channel.id, m.id)),
  );
  const bySeq = new Map([...history, ...replies.flat()].map((m) => [m.seq, m]));
  const messages = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return { channel, members, messages };
}

/** A message as compared across the two apps: its thread named by the parent's seq, since IDs are the import's. */
function messageFields(message: TMessage, seqOf: (id: string) => number | undefined) {
  return {
    seq: message.seq,
    type: message.type,
    customType: message.customType,
    text: message.text,
    metadata: message.metadata,
    sender: message.sender?.userId ?? null,
    createdAt: message.createdAt,
    editedAt: message.editedAt ?? null,
    parentSeq: message.parentMessageId ? seqOf(message.parentMessageId) : null,
    showInChannel: message.showInChannel,
    replyCount: message.replyCount,
    lastRepliedAt: message.lastRepliedAt,
    file: message.file,
    mentionedUserIds: message.mentionedUserIds,
  };
}

function channelFields(read: Awaited<ReturnType<typeof readChannel>>) {
  const seqOf = (id: string) => read.messages.find((m) => m.id === id)?.seq;
  const { channel } = read;
  return {
    name: channel.name,
    type: channel.type,
    data: channel.data,
    isFrozen: channel.isFrozen,
    ownerUserId: channel.ownerUserId,
    createdAt: channel.createdAt,
    memberCount: channel.memberCount,
    members: read.members
      .map((m) => ({ userId: m.userId, role: m.role, joinedAt: m.joinedAt, lastReadSeq: m.lastReadSeq }))
      .sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    messages: read.messages.map((m) => messageFields(m, seqOf)),
  };
}

const byUserId = <T extends { userId: string }>(list: T[]) => [...list].sort((a, b) => (a.userId < b.userId ? -1 : 1));
const userFields = (user: TChatUsersPage["users"][number]) => ({
  userId: user.userId,
  nickname: user.nickname,
  profileImageUrl: user.profileImageUrl,
  metadata: user.metadata,
  isActive: user.isActive,
  createdAt: user.createdAt,
});

/**
 * A source app built through the chat API: three members talking in a public channel (a custom message, a thread
 * with a reply shown in the channel, mentions, an edit, a deletion, a file, reactions), a frozen private_invite
 * channel and a broadcast channel, each member having read to a different place.
 */
async function sourceApp() {
  const app = await createChatApp(t);
  const profile = { profileImageUrl: "https://cdn.example.com/kim.png", metadata: { team: "core", city: "Seoul" } };
  const [kim, lee, park] = [await app.user("kim", "Kim"), await app.user("lee", "Lee"), await app.user("park")];
  expect((await app.server.patch("/users/kim", profile)).status).toBe(200);
  expect((await app.server.post("/users", { userId: "ghost", nickname: "Ghost" })).status).toBe(200);
  expect((await app.server.post("/users/ghost/deactivate")).status).toBe(200);
  const create = async (body: object) => (await kim.api.post<{ channel: TChannel }>("/channels", body)).body.channel.id;
  const lounge = await create({
    name: "Lounge",
    data: { topic: "daily" },
    imageUrl: "https://cdn.example.com/lounge.png",
    tags: ["team"],
  });
  const studio = await create({ name: "Studio", type: "private_invite", userIds: ["lee"] });
  const news = await create({ name: "News", type: "broadcast", userIds: ["lee", "park"] });
  await lee.api.post(`/channels/${lounge}/join`);
  await park.api.post(`/channels/${lounge}/join`);
  type Sender = typeof kim;
  const send = async (who: Sender, channelId: string, body: object) => {
    const sent = await who.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, body);
    expect(sent.status).toBe(200);
    return sent.body.message.id;
  };
  const hello = await send(kim, lounge, { text: "hello", metadata: { mood: "bright" } });
  await send(lee, lounge, { text: "hi @kim", mentionedUserIds: ["kim"] });
  await send(kim, lounge, { text: "Lunch?", type: "custom", customType: "poll", metadata: { options: "a,b" } });
  await send(lee, lounge, { text: "in the thread", parentMessageId: hello });
  await send(park, lounge, {
    text: "@lee also here",
    parentMessageId: hello,
    showInChannel: true,
    mentionedUserIds: ["lee"],
  });
  const oops = await send(lee, lounge, { text: "oops" });
  expect((await lee.api.delete(`/channels/${lounge}/messages/${oops}`)).status).toBe(200);
  const body = multipart({ caption: "" }, { name: "plan v2.pdf", bytes: Buffer.from("%PDF-1.7 plan") });
  const uploaded = await t.server.inject({
    method: "POST",
    url: `/v1/channels/${lounge}/files`,
    headers: { authorization: `Bearer ${kim.sessionToken}`, "content-type": body.contentType },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const edited = await send(kim, lounge, { text: "edit me" });
  expect((await kim.api.patch(`/channels/${lounge}/messages/${edited}`, { text: "edited" })).status).toBe(200);
  await send(lee, lounge, { text: "@kim last one", mentionedUserIds: ["kim"] });
  await lee.api.post(`/channels/${lounge}/messages/${hello}/reactions`, { reaction: "like" });
  await park.api.post(`/channels/${lounge}/messages/${hello}/reactions`, { reaction: "like" });
  await park.api.post(`/channels/${lounge}/read`, { seq: 7 });

  await send(lee, studio, { text: "studio booked" });
  await send(kim, studio, { text: "thanks" });
  await send(kim, news, { text: "announcement" });
  await send(lee, news, { text: "a question for the owner" });
  const freeze = await t.server.inject({
    method: "POST",
    url: `/api/apps/${app.appId}/channels/${studio}/freeze`,
    headers: app.dashboardAuth,
  });
  expect(freeze.statusCode).toBe(200);
  return app;
}

/** Exports the app through the export module and answers the zip its download link serves. */
async function exportOf(app: ChatApp): Promise<Buffer> {
  const api = client(t.server);
  const token = app.dashboardAuth.authorization.slice("Bearer ".length);
  const created = await api.post<TDataExportResponse>(`/apps/${app.appId}/exports`, {}, token);
  await t.jobsIdle();
  const done = (await api.get<TDataExportResponse>(`/apps/${app.appId}/exports/${created.body.export.id}`, token)).body
    .export;
  expect(done.status).toBe("completed");
  const res = await t.server.inject({ method: "GET", url: new URL(done.downloadUrl ?? "").pathname });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const channelMapOf = async (app: ChatApp, imported: TDataImport) =>
  (await dashboard(t, app).report(imported.id)).body.channelMap as Record<string, string>;

describe("an app moved through Parley's own export reads back as it was", () => {
  it("keeps every user, channel, member, message and read position field by field, as the mapping says", async () => {
    const source = await sourceApp();
    const zip = await exportOf(source);
    const target = await createChatApp(t);
    const created = await dashboard(t, target).upload("parley", "parley-export.zip", zip);
    const { ready, done } = await runImport(t, target, created.body.import.id);
    // The export counts reactions without saying who added them: they are refused, each with its count.
    expect(ready.dryRun?.refused.map((r) => [r.reason, r.detail])).toEqual([["reaction-without-users", "like ×2"]]);

    const readers = ["kim", "lee", "park"];
    const before = await readApp(source, readers);
    const after = await readApp(target, readers);
    // Users are their own keys; a user the source had deactivated stays so.
    expect(byUserId(after.users).map(userFields)).toEqual(byUserId(before.users).map(userFields));
    expect(after.users.find((u) => u.userId === "ghost")).toMatchObject({ isActive: false, isAnonymous: false });

    // Channels get IDs of their own, named in the report's channel map.
    const map = await channelMapOf(target, done);
    expect(Object.keys(map).sort()).toEqual(before.channels.map((c) => c.channel.id).sort());
    for (const read of before.channels) {
      const moved = after.channels.find((c) => c.channel.id === map[read.channel.id]);
      if (!moved) throw new Error(`${read.channel.name} was not imported`);
      expect(channelFields(moved)).toEqual(channelFields(read));
      // The image and tags are not in the model: the channel gets Parley's defaults.
      expect(moved.channel).toMatchObject({ imageUrl: "", tags: [] });
      // Message IDs are the import's own; reactions do not travel (the export has counts only).
      for (const message of moved.messages) {
        expect(read.messages.map((m) => m.id)).not.toContain(message.id);
        expect(message.reactions ?? {}).toEqual({});
      }
    }
    const lounge = before.channels.find((c) => c.channel.name === "Lounge");
    expect(lounge?.channel).toMatchObject({ imageUrl: "https://cdn.example.com/lounge.png", tags: [{ tag: "team" }] });
    expect(lounge?.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 7, 8, 9]);
    expect(lounge?.messages[0]?.reactions).toEqual({ like: 2 });

    // What each member has left unread, and unread mentions, are what they were.
    expect(after.unread).toEqual(before.unread);
    expect(before.unread).toEqual({
      kim: { News: [1, 0], Studio: [0, 0], Lounge: [1, 1] },
      lee: { News: [0, 0], Studio: [1, 0], Lounge: [0, 0] },
      park: { News: [1, 0], Lounge: [2, 0] },
    });
  });
});

describe("a TalkPlus app pulled through its API reads back as the API answered it", () => {
  it("keeps every user, channel, member, message and read position field by field, as the mapping says", async () => {
    const data = JSON.parse(await fs.readFile(path.join(FIXTURES, "talkplus/app.json"), "utf8")) as TalkPlusData;
    const talkplus = await startTalkPlusServer(data, { appId: "tp-app", apiKey: "tp-key", pageSize: 2 });
    try {
      const app = await createChatApp(t);
      const pull = { source: "talkplus", baseUrl: talkplus.url, appId: "tp-app", apiKey: "tp-key" };
      const { done } = await runImport(t, app, (await dashboard(t, app).pull(pull)).body.import.id);
      const after = await readApp(app, ["alice", "bob", "carol", "dave"]);
      expect(byUserId(after.users).map(userFields)).toEqual(byUserId(expectedTalkPlusUsers(data)));
      const map = await channelMapOf(app, done);
      expect(Object.keys(map).sort()).toEqual(["general", "project-x", "town-hall"]);
      for (const channel of data.channels) {
        const moved = after.channels.find((c) => c.channel.id === map[channel.id]);
        if (!moved) throw new Error(`${channel.id} was not imported`);
        expect(channelFields(moved)).toEqual(expectedTalkPlusChannel(data, channel.id));
      }
      const general = after.channels.find((c) => c.channel.id === map.general);
      // Reactions are TalkPlus's lists of user IDs; a count (Ship it's) says no one, and is refused.
      expect(general?.messages.map((m) => [m.text, m.reactions])).toEqual([
        ["Morning all", { thumbsup: 2 }],
        ["Morning! Stand-up at ten?", {}],
        ["", {}],
        ["See you at 10", {}],
        ["Carol joined the channel", {}],
        ["Ship it, @carol", {}],
      ]);
      expect(after.unread).toEqual({
        alice: { "town-hall": [0, 0], General: [0, 0] },
        bob: { "Project X": [0, 0], General: [2, 0] },
        carol: { "town-hall": [0, 0], General: [1, 1] },
        dave: { "town-hall": [0, 0], "Project X": [0, 0] },
      });
    } finally {
      await talkplus.close();
    }
  });
});
