import { DEFAULT_PERMISSION_MATRIX, type TAckFrame, type TChannel, type TMember } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

/** kim's public channel with lee and park in it, and a message of each of kim and park. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const { channel } = (
    await kim.api.post<{ channel: TChannel }>("/channels", { name: "Team", userIds: ["lee", "park"] })
  ).body;
  const kims = (await send(kim, channel.id, "from kim")).body.message;
  const parks = (await send(park, channel.id, "from park")).body.message;
  return { app, kim, lee, park, channelId: channel.id, kims, parks };
}

const send = (user: User, channelId: string, body: string | Record<string, unknown>) =>
  user.api.post<{ message: { id: string } }>(
    `/channels/${channelId}/messages`,
    typeof body === "string" ? { text: body } : body,
  );

/** The default matrix of a type with `change` applied to the grants of one app role. */
function matrixWith(role: string, change: (granted: string[]) => string[]) {
  const base = DEFAULT_PERMISSION_MATRIX("public");
  return { app: { ...base.app, [role]: change(base.app[role] ?? []) }, channel: base.channel };
}

describe("the default matrix", () => {
  it("lets a member read, send, react, reply and edit and delete their own messages, as before roles", async () => {
    const { lee, channelId } = await room();
    const mine = (await send(lee, channelId, "hello")).body.message;
    expect((await lee.api.get(`/channels/${channelId}/messages`)).status).toBe(200);
    expect((await send(lee, channelId, { text: "a reply", parentMessageId: mine.id })).status).toBe(200);
    expect(
      (await lee.api.post(`/channels/${channelId}/messages/${mine.id}/reactions`, { reaction: "👍" })).status,
    ).toBe(200);
    expect((await lee.api.patch(`/channels/${channelId}/messages/${mine.id}`, { text: "hello again" })).status).toBe(
      200,
    );
    expect((await lee.api.delete(`/channels/${channelId}/messages/${mine.id}`)).status).toBe(200);
  });

  it("keeps the older codes for a member's moderation and another's message, naming the permission", async () => {
    const { lee, channelId, parks } = await room();
    const muted = await lee.api.post(`/channels/${channelId}/members/park/mute`, { minutes: 10 });
    expect(muted.status).toBe(403);
    expect(muted.body).toMatchObject({ code: "3025", data: { permission: "mute" } });
    expect((await lee.api.post(`/channels/${channelId}/pins/${parks.id}`)).body).toMatchObject({
      code: "3025",
      data: { permission: "pin" },
    });
    expect((await lee.api.delete(`/channels/${channelId}/messages/${parks.id}`)).body).toMatchObject({
      code: "3033",
      data: { permission: "deleteOthers" },
    });
    expect(
      (await lee.api.patch(`/channels/${channelId}/messages/${parks.id}`, { text: "mine now" })).body,
    ).toMatchObject({ code: "3067", data: { permission: "editOthers" } });
  });

  it("lets the owner mute, pin and change the channel, but not delete another's message", async () => {
    const { kim, channelId, parks } = await room();
    expect((await kim.api.post(`/channels/${channelId}/members/park/mute`, { minutes: 10 })).status).toBe(200);
    expect((await kim.api.post(`/channels/${channelId}/pins/${parks.id}`)).status).toBe(200);
    expect((await kim.api.patch(`/channels/${channelId}`, { name: "Renamed" })).status).toBe(200);
    expect((await kim.api.delete(`/channels/${channelId}/messages/${parks.id}`)).body).toMatchObject({ code: "3033" });
  });

  it("tells a member what they may do in the channel, and the owner more", async () => {
    const { kim, lee, app, channelId } = await room();
    const asLee = (await lee.api.get<{ channel: TChannel }>(`/channels/${channelId}`)).body.channel;
    expect(asLee.myPermissions).toEqual(DEFAULT_PERMISSION_MATRIX("public").app.member);
    const asKim = (await kim.api.get<{ channel: TChannel }>(`/channels/${channelId}`)).body.channel;
    expect(asKim.myPermissions).toEqual(expect.arrayContaining(["send", "mute", "ban", "pin", "changeChannel"]));
    expect(asKim.myPermissions).not.toContain("deleteOthers");
    const asServer = (await app.server.get<{ channel: TChannel }>(`/channels/${channelId}`)).body.channel;
    expect(asServer.myPermissions).toBeUndefined();
  });
});

describe("app roles", () => {
  it("lets an app moderator delete another's message, mute and pin in a channel they do not own", async () => {
    const { app, lee, channelId, parks } = await room();
    expect((await app.server.put("/users/lee/role", { role: "moderator" })).body).toEqual({
      userId: "lee",
      role: "moderator",
    });
    expect((await lee.api.post(`/channels/${channelId}/members/park/mute`, { minutes: 5 })).status).toBe(200);
    expect((await lee.api.post(`/channels/${channelId}/pins/${parks.id}`)).status).toBe(200);
    expect((await lee.api.delete(`/channels/${channelId}/messages/${parks.id}`)).status).toBe(200);
    const user = (await app.server.get<{ user: { role: string } }>("/users/lee")).body.user;
    expect(user.role).toBe("moderator");
  });

  it("answers 3198 for a role the app does not have, and 1023 to a user's session", async () => {
    const { app, lee } = await room();
    expect((await app.server.put("/users/lee/role", { role: "vip" })).body).toMatchObject({ code: "3198" });
    expect((await lee.api.put("/users/lee/role", { role: "admin" })).body).toMatchObject({ code: "1023" });
    expect((await lee.api.get("/roles")).body).toMatchObject({ code: "1023" });
  });
});

describe("channel roles", () => {
  it("lets a channel moderator remove, mute and pin, and shows the role on the member", async () => {
    const { app, lee, channelId, parks } = await room();
    const set = await app.server.put(`/channels/${channelId}/members/lee/role`, { role: "moderator" });
    expect(set.body).toEqual({ userId: "lee", role: "moderator" });
    const member = (await app.server.get<{ members: TMember[] }>(`/channels/${channelId}/members`)).body.members;
    expect(member.find((m) => m.userId === "lee")?.role).toBe("moderator");
    expect(member.find((m) => m.userId === "kim")?.role).toBe("owner");
    expect((await lee.api.post(`/channels/${channelId}/pins/${parks.id}`)).status).toBe(200);
    expect((await lee.api.post(`/channels/${channelId}/members/park/mute`, { minutes: 5 })).status).toBe(200);
    expect((await lee.api.delete(`/channels/${channelId}/members/park`)).status).toBe(200);
    // A moderator keeps order; changing the channel stays the owner's.
    expect((await lee.api.patch(`/channels/${channelId}`, { name: "Mine" })).body).toMatchObject({
      code: "3025",
      data: { permission: "changeChannel" },
    });
  });

  it("answers 3020 for a user who is not a member, and refuses the owner role", async () => {
    const { app, channelId } = await room();
    await app.user("choi");
    expect(
      (await app.server.put(`/channels/${channelId}/members/choi/role`, { role: "moderator" })).body,
    ).toMatchObject({ code: "3020" });
    expect((await app.server.put(`/channels/${channelId}/members/lee/role`, { role: "owner" })).status).toBe(400);
  });
});

describe("a changed matrix", () => {
  it("binds at once: a member without send is refused with 3197 over HTTP and the WebSocket, and a reset restores it", async () => {
    const { app, lee, channelId } = await room();
    const set = await app.server.put(
      "/permissions/public",
      matrixWith("member", (granted) => granted.filter((p) => p !== "send")),
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ permissions: { channelType: "public", isDefault: false } });
    const refused = await send(lee, channelId, "hello");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "3197", data: { permission: "send" } });

    const [socket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    if (!socket) throw new Error("no socket");
    socket.send({ type: "message.send", requestId: "w1", channelId, body: { text: "over the socket" } });
    const ack = (await socket.next((f) => f.type === "ack" && f.requestId === "w1")) as TAckFrame;
    expect("error" in ack ? ack.error : null).toMatchObject({ code: "3197", data: { permission: "send" } });

    const reset = await app.server.delete("/permissions/public");
    expect(reset.body).toMatchObject({ permissions: { isDefault: true } });
    socket.send({ type: "message.send", requestId: "w2", channelId, body: { text: "again" } });
    const admitted = (await socket.next((f) => f.type === "ack" && f.requestId === "w2")) as TAckFrame;
    expect("message" in admitted).toBe(true);
    socket.ws.close();
  });

  it("refuses a reply over the WebSocket and a reaction over HTTP to a role not granted them, naming each", async () => {
    const { app, lee, channelId, kims } = await room();
    await app.server.put(
      "/permissions/public",
      matrixWith("member", (granted) => granted.filter((p) => p !== "reply" && p !== "react")),
    );
    const [socket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    if (!socket) throw new Error("no socket");
    socket.send({ type: "message.send", requestId: "r1", channelId, body: { text: "re", parentMessageId: kims.id } });
    const ack = (await socket.next((f) => f.type === "ack" && f.requestId === "r1")) as TAckFrame;
    expect("error" in ack ? ack.error : null).toMatchObject({ code: "3197", data: { permission: "reply" } });
    socket.ws.close();
    const reacted = await lee.api.post(`/channels/${channelId}/messages/${kims.id}/reactions`, { reaction: "👍" });
    expect(reacted.body).toMatchObject({ code: "3197", data: { permission: "react" } });
    // A plain message is still theirs to send.
    expect((await send(lee, channelId, "plain")).status).toBe(200);
  });

  it("grants a channel role what the app role lacks: a channel moderator sends where members may not", async () => {
    const { app, lee, park, channelId } = await room();
    const base = DEFAULT_PERMISSION_MATRIX("public");
    await app.server.put("/permissions/public", {
      app: { ...base.app, member: ["read"] },
      channel: { ...base.channel, moderator: [...base.channel.moderator, "send"] },
    });
    await app.server.put(`/channels/${channelId}/members/lee/role`, { role: "moderator" });
    expect((await send(lee, channelId, "moderated")).status).toBe(200);
    expect((await send(park, channelId, "not mine")).body).toMatchObject({
      code: "3197",
      data: { permission: "send" },
    });
  });

  it("refuses @everyone to a role without mentionEveryone, and other text still goes", async () => {
    const { app, lee, channelId } = await room();
    await app.server.put(
      "/permissions/public",
      matrixWith("member", (granted) => granted.filter((p) => p !== "mentionEveryone")),
    );
    expect((await send(lee, channelId, "hey @everyone look")).body).toMatchObject({
      code: "3197",
      data: { permission: "mentionEveryone" },
    });
    expect((await send(lee, channelId, "mail me at lee@everyone.example")).status).toBe(200);
  });

  it("binds only its channel type: a super group keeps the default", async () => {
    const { app, kim, lee } = await room();
    await app.server.put(
      "/permissions/public",
      matrixWith("member", () => ["read"]),
    );
    const { channel } = (
      await kim.api.post<{ channel: TChannel }>("/channels", { name: "Quiet", type: "supergroup", userIds: ["lee"] })
    ).body;
    expect((await send(lee, channel.id, "in the super group")).status).toBe(200);
  });
});

describe("slow mode and roles", () => {
  it("exempts a channel moderator and an app moderator, and holds a member to it", async () => {
    const { app, lee, park, channelId } = await room();
    const choi = await app.user("choi");
    await app.server.post(`/channels/${channelId}/members`, { userIds: ["choi"] });
    await app.server.patch(`/channels/${channelId}`, { slowModeSeconds: 60 });
    await app.server.put(`/channels/${channelId}/members/lee/role`, { role: "moderator" });
    await app.server.put("/users/choi/role", { role: "moderator" });
    for (const text of ["one", "two"]) {
      expect((await send(lee, channelId, `lee ${text}`)).status).toBe(200);
      expect((await send(choi, channelId, `choi ${text}`)).status).toBe(200);
    }
    expect((await send(park, channelId, "park one")).status).toBe(200);
    expect((await send(park, channelId, "park two")).body).toMatchObject({ code: "3206" });
  });
});
