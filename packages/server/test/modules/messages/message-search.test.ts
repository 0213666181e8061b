import type { TAppMessageSearchResponse, TChannel, TMessage, TMessageSearchResponse } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageSearchTokens } from "../../../src/modules/messages/search-grams";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

async function createChannel(user: User, body: Record<string, unknown>) {
  const res = await user.api.post<{ channel: TChannel }>("/channels", body);
  expect(res.status).toBe(200);
  return res.body.channel;
}

async function send(user: User, channelId: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await user.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, { text, ...extra });
  expect(res.status).toBe(200);
  // Each message a moment after the last, so newest-first has one answer.
  t.clock.advance(1000);
  return res.body.message;
}

/** The dashboard search, as the app's owner unless `auth` says otherwise. */
async function searchApp(app: App, query: Record<string, string>, auth = app.dashboardAuth) {
  const res = await t.server.inject({
    method: "GET",
    url: `/api/apps/${app.appId}/messages/search?${new URLSearchParams(query)}`,
    headers: auth,
  });
  return { status: res.statusCode, body: res.json() as TAppMessageSearchResponse & { code?: string } };
}

async function searchChannel(user: User | App["server"], channelId: string, query: Record<string, string>) {
  const api = "api" in user ? user.api : user;
  return api.get<TMessageSearchResponse>(`/channels/${channelId}/messages/search?${new URLSearchParams(query)}`);
}

const texts = (body: { results: { message: { text: string } }[] }) => body.results.map((r) => r.message.text);

describe("dashboard message search", () => {
  it("finds a two-syllable Korean word inside longer runs, newest first, with its offsets", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const room = await createChannel(kim, { name: "Lounge" });
    await send(kim, room.id, "안녕하세요 여러분");
    await send(kim, room.id, "오늘 날씨가 좋네요");
    await send(kim, room.id, "모두안녕");
    const found = await searchApp(app, { q: "안녕" });
    expect(found.status).toBe(200);
    expect(texts(found.body)).toEqual(["모두안녕", "안녕하세요 여러분"]);
    expect(found.body.results[0]).toMatchObject({
      channel: { id: room.id, name: "Lounge" },
      highlights: [{ start: 2, end: 4 }],
      message: { seq: 3, sender: { userId: "kim" } },
    });
    expect(found.body.results[1]?.highlights).toEqual([{ start: 0, end: 2 }]);
    expect(found.body.nextCursor).toBeNull();
  });

  it("finds part of an English word in any case, and one Korean syllable", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const room = await createChannel(kim, { name: "Lounge" });
    await send(kim, room.id, "The DEPLOYMENT went fine");
    await send(kim, room.id, "redeploying tonight");
    await send(kim, room.id, "꽃이 피었다");
    expect(texts((await searchApp(app, { q: "Deploy" })).body)).toEqual([
      "redeploying tonight",
      "The DEPLOYMENT went fine",
    ]);
    const ploy = await searchApp(app, { q: "PLOY" });
    expect(ploy.body.results[1]?.highlights).toEqual([{ start: 6, end: 10 }]);
    expect(texts((await searchApp(app, { q: "꽃" })).body)).toEqual(["꽃이 피었다"]);
    expect(texts((await searchApp(app, { q: "went  fine" })).body)).toEqual(["The DEPLOYMENT went fine"]);
    expect(texts((await searchApp(app, { q: "went tonight" })).body)).toEqual([]);
  });

  it("filters by channel, sender and time, and pages by cursor without repeats", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const one = await createChannel(kim, { name: "One" });
    const two = await createChannel(lee, { name: "Two" });
    await lee.api.post(`/channels/${one.id}/join`, {});
    const start = t.clock.now().toISOString();
    for (let i = 1; i <= 5; i++) await send(kim, one.id, `report ${i}`);
    const middle = t.clock.now().toISOString();
    await send(lee, one.id, "report from lee");
    await send(lee, two.id, "report in two");
    expect(texts((await searchApp(app, { q: "report", channelId: two.id })).body)).toEqual(["report in two"]);
    expect(texts((await searchApp(app, { q: "report", userId: "lee" })).body)).toEqual([
      "report in two",
      "report from lee",
    ]);
    expect(texts((await searchApp(app, { q: "report", userId: "nobody" })).body)).toEqual([]);
    expect(texts((await searchApp(app, { q: "report", from: middle })).body)).toHaveLength(2);
    expect(texts((await searchApp(app, { q: "report", from: start, to: middle })).body)).toHaveLength(5);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: TAppMessageSearchResponse } = await searchApp(app, {
        q: "report",
        limit: "3",
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...texts(page.body));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      "report in two",
      "report from lee",
      "report 5",
      "report 4",
      "report 3",
      "report 2",
      "report 1",
    ]);
    // In one channel pages follow seq.
    const first = await searchApp(app, { q: "report", channelId: one.id, limit: "4" });
    const rest = await searchApp(app, {
      q: "report",
      channelId: one.id,
      cursor: first.body.nextCursor as string,
    });
    expect([...texts(first.body), ...texts(rest.body)]).toEqual([
      "report from lee",
      "report 5",
      "report 4",
      "report 3",
      "report 2",
      "report 1",
    ]);
  });

  it("never finds another app's messages, nor answers for an app the caller does not own", async () => {
    const mine = await createChatApp(t);
    const theirs = await createChatApp(t);
    const kim = await mine.user("kim");
    const lee = await theirs.user("lee");
    await send(kim, (await createChannel(kim, { name: "Mine" })).id, "공유된 비밀 단어");
    const theirRoom = await createChannel(lee, { name: "Theirs" });
    await send(lee, theirRoom.id, "다른 앱의 비밀 단어");
    expect(texts((await searchApp(mine, { q: "비밀" })).body)).toEqual(["공유된 비밀 단어"]);
    // Their channel's id as a filter finds nothing in this app.
    expect(texts((await searchApp(mine, { q: "비밀", channelId: theirRoom.id })).body)).toEqual([]);
    const refused = await searchApp(theirs, { q: "비밀" }, mine.dashboardAuth);
    expect(refused.status).toBe(403);
  });

  it("finds an edited message by its new text only, and a deleted one not at all", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const room = await createChannel(kim, { name: "Lounge" });
    const edited = await send(kim, room.id, "점심 메뉴는 김치찌개");
    const deleted = await send(kim, room.id, "김치찌개 말고 된장찌개");
    await kim.api.patch(`/channels/${room.id}/messages/${edited.id}`, { text: "점심 메뉴는 비빔밥" });
    await kim.api.delete(`/channels/${room.id}/messages/${deleted.id}`);
    expect(texts((await searchApp(app, { q: "김치" })).body)).toEqual([]);
    expect(texts((await searchApp(app, { q: "비빔" })).body)).toEqual(["점심 메뉴는 비빔밥"]);
    // Editing only the metadata keeps the message found.
    await kim.api.patch(`/channels/${room.id}/messages/${edited.id}`, { metadata: { k: "v" } });
    expect(texts((await searchApp(app, { q: "비빔" })).body)).toEqual(["점심 메뉴는 비빔밥"]);
  });

  it("finds a rare message older than the newest thousand through the index", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const room = await createChannel(kim, { name: "Busy" });
    await send(kim, room.id, "희귀한 단어 zebra");
    const at = t.clock.now();
    // Newer messages written straight to the table, as many as the in-order probe reads and more.
    await t.ctx.database.query(
      `insert into messages (app_id, channel_id, seq, type, text, sender_id, created_at)
       select $1, $2, 100 + i, 'text', 'filler message ' || i, null, $3::timestamptz + i * interval '1 second'
       from generate_series(1, 1100) i`,
      [app.appId, room.id, at.toISOString()],
    );
    expect(texts((await searchApp(app, { q: "zebra" })).body)).toEqual(["희귀한 단어 zebra"]);
    expect(texts((await searchApp(app, { q: "희귀", channelId: room.id })).body)).toEqual(["희귀한 단어 zebra"]);
    const common = await searchApp(app, { q: "filler", limit: "2" });
    expect(texts(common.body)).toEqual(["filler message 1100", "filler message 1099"]);
  });

  it("refuses a query with no two neighbouring characters with 3100, one too long with 3101, none with 301", async () => {
    const app = await createChatApp(t);
    expect((await searchApp(app, { q: "a" })).body.code).toBe("3100");
    expect((await searchApp(app, { q: "  a b  " })).body.code).toBe("3100");
    expect((await searchApp(app, { q: "x".repeat(101) })).body.code).toBe("3101");
    expect((await searchApp(app, { q: `${"x".repeat(100)}   ` })).status).toBe(200);
    const missing = await searchApp(app, {});
    expect([missing.status, missing.body.code]).toEqual([400, "301"]);
    expect((await searchApp(app, { q: "ab", cursor: "bm9wZQ" })).body.code).toBe("300");
    expect((await searchApp(app, { q: "ab", from: "yesterday" })).body.code).toBe("300");
  });
});

describe("chat API message search", () => {
  it("lets a member search the channel and refuses a non-member with 3020", async () => {
    const app = await createChatApp(t);
    const [kim, lee] = [await app.user("kim"), await app.user("lee")];
    const room = await createChannel(kim, { name: "Lounge" });
    const other = await createChannel(kim, { name: "Other" });
    await send(kim, room.id, "반갑습니다 Hello");
    await send(kim, other.id, "반갑습니다 elsewhere");
    const found = await searchChannel(kim, room.id, { q: "갑습" });
    expect(found.status).toBe(200);
    expect(found.body.results.map((r) => [r.message.text, r.highlights])).toEqual([
      ["반갑습니다 Hello", [{ start: 1, end: 3 }]],
    ]);
    const refused = await searchChannel(lee, room.id, { q: "갑습" });
    expect([refused.status, refused.body.code]).toEqual([403, "3020"]);
    // The app's server reads the whole channel.
    expect(texts((await searchChannel(app.server, room.id, { q: "hello" })).body)).toEqual(["반갑습니다 Hello"]);
    expect((await searchChannel(kim, room.id, { q: "h" })).body.code).toBe("3100");
  });

  it("finds for a member only what their history shows: after their join, not hidden, not deleted, not blocked", async () => {
    const app = await createChatApp(t);
    const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
    const room = await createChannel(kim, { name: "Fresh", hideMessagesBeforeJoin: true });
    await send(kim, room.id, "before the join: secret");
    await lee.api.post(`/channels/${room.id}/join`, {});
    await park.api.post(`/channels/${room.id}/join`, {});
    await send(kim, room.id, "after the join: secret");
    await send(kim, room.id, "a hidden secret", { type: "hidden" });
    const gone = await send(kim, room.id, "deleted secret");
    await kim.api.delete(`/channels/${room.id}/messages/${gone.id}`);
    await send(park, room.id, "park's secret");
    expect((await lee.api.post("/me/blocks/park")).status).toBe(200);
    expect(texts((await searchChannel(lee, room.id, { q: "secret" })).body)).toEqual(["after the join: secret"]);
    expect(texts((await searchChannel(kim, room.id, { q: "secret" })).body)).toEqual([
      "park's secret",
      "after the join: secret",
      "before the join: secret",
    ]);
  });

  it("pages a channel's results by cursor", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const room = await createChannel(kim, { name: "Lounge" });
    for (let i = 1; i <= 3; i++) await send(kim, room.id, `테스트 ${i}`);
    const first = await searchChannel(kim, room.id, { q: "테스", limit: "2" });
    expect(texts(first.body)).toEqual(["테스트 3", "테스트 2"]);
    const second = await searchChannel(kim, room.id, { q: "테스", cursor: first.body.nextCursor as string });
    expect(texts(second.body)).toEqual(["테스트 1"]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe("search grams", () => {
  /** 300 texts of up to 60 characters of `alphabet`, from a fixed generator, so a failure repeats with the same texts. */
  function generatedTexts(alphabet: string, seed: number): string[] {
    const chars = Array.from(alphabet);
    let state = seed;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    return Array.from({ length: 300 }, () =>
      Array.from({ length: Math.floor(random() * 60) }, () => chars[Math.floor(random() * chars.length)]).join(""),
    );
  }

  /** The grams as the specification words them, character by character (code points, not UTF-16 units). */
  function referenceGrams(appId: string, body: string): string[] {
    const chars = Array.from(body.replaceAll("\x01", " ").toLowerCase().replace(/\s+/g, " "));
    const prefix = appId.slice(0, 8);
    const grams = new Set<string>();
    chars.forEach((c, i) => {
      const next = chars[i + 1];
      if (next !== undefined && c !== " " && next !== " ") grams.add(prefix + c + next);
      if ((c.codePointAt(0) ?? 0) >= 0x1100) grams.add(prefix + c);
    });
    return [...grams].sort();
  }

  it("are every neighbouring pair without a space and every character from U+1100 on, for any text", async () => {
    const appId = "f02c155c-581f-486e-a3ca-0fbee6dc310a";
    const bodies = [
      ...["", "a", "가", " ", "ab", " 안녕 ", "a\x01b", "x".repeat(4001)],
      ...generatedTexts(" \t\n\x01가나다라안녕하세요ab CDxYz1.,!?ｱイ漢字😀éÉ  ", 7),
    ];
    const rows = await t.ctx.database.query<{ grams: string[] }>(
      `select array(select distinct g from unnest(message_search_tokens($1::uuid, b)) g) as grams
       from unnest($2::text[]) with ordinality as x (b, n) order by n`,
      [appId, bodies],
    );
    const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const fromDatabase = rows.map((row) => [...row.grams].sort(byCodeUnits));
    expect(fromDatabase).toEqual(bodies.map((body) => referenceGrams(appId, body).sort(byCodeUnits)));
  });

  it("are made by the server as the database makes them, in order and with repeats, or left to the database", async () => {
    const appId = "7b1e0c2d-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
    const bodies = [
      ...["", "a", "가", " ", "ab", " 안녕 ", "aa aa aa", "Hello  World\n\n", "x".repeat(4001)],
      ...generatedTexts(" \t\n\r가나다라안녕하세요ab CDxYz1.,!?ｱイ漢字😀€©  ", 11),
    ];
    // Texts whose case or spaces a locale may treat otherwise than JavaScript does.
    const leftToDatabase = [
      "Café",
      "İstanbul",
      "Straße",
      "a\u00a0b",
      "a\u3000b",
      "a\u180eb",
      "x\u200by",
      "a\vb",
      "a\fb",
      "a\x01b",
      "\u0085",
    ];
    const rows = await t.ctx.database.query<{ grams: string[] }>(
      `select message_search_tokens($1::uuid, b) as grams
       from unnest($2::text[]) with ordinality as x (b, n) order by n`,
      [appId, bodies],
    );
    const made = bodies.map((body) => messageSearchTokens(appId, body));
    expect(made.every((grams) => grams !== undefined)).toBe(true);
    expect(made).toEqual(rows.map((row) => row.grams));
    expect(leftToDatabase.map((body) => messageSearchTokens(appId, body))).toEqual(leftToDatabase.map(() => undefined));
  });

  it("are stored with a message, whether the server made them or the database did, and found by search", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const channel = await createChannel(kim, { name: "Grams" });
    const plain = await send(kim, channel.id, "Lunch at noon? 점심 먹어요 😀");
    const cased = await send(kim, channel.id, "Café at noon, İpek");
    const rows = await t.ctx.database.query<{ id: string; same: boolean }>(
      `select id, search_tokens = message_search_tokens(app_id, text) as same from messages where id = any($1::uuid[])`,
      [[plain.id, cased.id]],
    );
    expect(rows.map((row) => row.same)).toEqual([true, true]);
    const found = await searchChannel(kim, channel.id, { q: "at noon" });
    expect(found.body.results.map((r) => r.message.id).sort()).toEqual([plain.id, cased.id].sort());
  });
});
