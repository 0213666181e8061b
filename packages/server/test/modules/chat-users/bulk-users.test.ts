import { BULK_ITEMS_MAX, type TBulkUserResult } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Results = { results: TBulkUserResult[] };

describe("POST /v1/users/bulk", () => {
  it("creates 100 users in one call, each answered in order, and sending it again changes nothing", async () => {
    const chat = await createChatApp(t);
    const users = Array.from({ length: BULK_ITEMS_MAX }, (_, i) => ({
      userId: `member-${i}`,
      nickname: `Member ${i}`,
      metadata: { tier: i % 2 === 0 ? "gold" : "silver" },
    }));
    const first = await chat.server.post<Results>("/users/bulk", { users });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => [r.index, r.userId, r.status])).toEqual(
      users.map((u, i) => [i, u.userId, "created"]),
    );
    expect(first.body.results[7]?.user).toMatchObject({ userId: "member-7", nickname: "Member 7", isAnonymous: false });

    const again = await chat.server.post<Results>("/users/bulk", { users });
    expect(again.body.results.every((r) => r.status === "unchanged")).toBe(true);
    const listed = await chat.server.get<{ users: unknown[] }>("/users?limit=100");
    expect(listed.body.users).toHaveLength(BULK_ITEMS_MAX);
  });

  it("changes only what an item gives for users the app has, and answers unchanged where nothing differs", async () => {
    const chat = await createChatApp(t);
    await chat.server.post("/users", {
      userId: "kim",
      nickname: "Kim",
      profileImageUrl: "https://example.com/kim.png",
      metadata: { team: "ops" },
    });
    await chat.server.post("/users", { userId: "lee", nickname: "Lee" });
    const { body } = await chat.server.post<Results>("/users/bulk", {
      users: [
        { userId: "kim", nickname: "Kim Minji" },
        { userId: "lee", nickname: "Lee" },
        { userId: "park", nickname: "Park", profileImageUrl: "https://example.com/park.png" },
      ],
    });
    expect(body.results.map((r) => r.status)).toEqual(["updated", "unchanged", "created"]);
    // Left out, the image and metadata stay as they were.
    expect(body.results[0]?.user).toMatchObject({
      nickname: "Kim Minji",
      profileImageUrl: "https://example.com/kim.png",
      metadata: { team: "ops" },
    });
    const kim = await chat.server.get<{ user: { nickname: string } }>("/users/kim");
    expect(kim.body.user.nickname).toBe("Kim Minji");
    const replaced = await chat.server.post<Results>("/users/bulk", {
      users: [{ userId: "kim", nickname: "Kim Minji", metadata: { team: "dev" } }],
    });
    expect(replaced.body.results[0]).toMatchObject({ status: "updated", user: { metadata: { team: "dev" } } });
  });

  it("refuses bad items each with its own code and applies the rest", async () => {
    const chat = await createChatApp(t);
    const { status, body } = await chat.server.post<Results>("/users/bulk", {
      users: [
        { userId: "ok-1", nickname: "One" },
        { userId: "bad id with spaces", nickname: "Two" },
        { userId: "no-name" },
        "not an object",
        { userId: "ok-1", nickname: "One again" },
        { userId: "ok-2", nickname: "Two", profileImageUrl: "ftp://example.com/a.png" },
        { userId: "ok-3", nickname: "Three", metadata: { a: "1", b: "2", c: "3", d: "4", e: "5", f: "6" } },
        { userId: "ok-4", nickname: "Four" },
      ],
    });
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.userId, r.status, r.error?.code])).toEqual([
      ["ok-1", "created", undefined],
      ["bad id with spaces", "failed", "300"],
      ["no-name", "failed", "301"],
      ["", "failed", "300"],
      ["ok-1", "failed", "300"],
      ["ok-2", "failed", "300"],
      ["ok-3", "failed", "300"],
      ["ok-4", "created", undefined],
    ]);
    expect(body.results[2]?.error?.data).toEqual({ fields: [{ path: "nickname", message: "VALIDATION_REQUIRED" }] });
    expect(body.results[4]?.error?.data).toEqual({
      fields: [{ path: "userId", message: "VALIDATION_DUPLICATE_ITEM" }],
    });
    const one = await chat.server.get<{ user: { nickname: string } }>("/users/ok-1");
    expect(one.body.user.nickname).toBe("One");
    expect((await chat.server.get("/users/ok-2")).status).toBe(404);
  });

  it("refuses whole a call of more than 100 items or of none, and an end user's call (1023)", async () => {
    const chat = await createChatApp(t);
    const tooMany = Array.from({ length: BULK_ITEMS_MAX + 1 }, (_, i) => ({ userId: `u${i}`, nickname: "U" }));
    expect((await chat.server.post("/users/bulk", { users: tooMany })).body.code).toBe("300");
    expect((await chat.server.post("/users/bulk", { users: [] })).body.code).toBe("300");
    expect((await chat.server.post("/users/bulk", {})).body.code).toBe("301");
    const alice = await chat.user("alice");
    const asUser = await alice.api.post("/users/bulk", { users: [{ userId: "x", nickname: "X" }] });
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe("1023");
    expect((await chat.server.get("/users/x")).status).toBe(404);
  });

  it("shows a changed nickname to the user's own session at once", async () => {
    const chat = await createChatApp(t);
    const alice = await chat.user("alice");
    expect((await alice.api.get<{ user: { nickname: string } }>("/me")).body.user.nickname).toBe("alice");
    await chat.server.post("/users/bulk", { users: [{ userId: "alice", nickname: "Alice Kim" }] });
    expect((await alice.api.get<{ user: { nickname: string } }>("/me")).body.user.nickname).toBe("Alice Kim");
  });

  it("keeps users of another app apart: the same IDs are created anew in this one", async () => {
    const one = await createChatApp(t);
    const two = await createChatApp(t);
    await one.server.post("/users/bulk", { users: [{ userId: "shared", nickname: "In one" }] });
    const { body } = await two.server.post<Results>("/users/bulk", {
      users: [{ userId: "shared", nickname: "In two" }],
    });
    expect(body.results[0]?.status).toBe("created");
    expect((await one.server.get<{ user: { nickname: string } }>("/users/shared")).body.user.nickname).toBe("In one");
  });
});
