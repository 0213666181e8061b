import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { startTalkPlusServer, type TalkPlusData } from "../../support/talkplus-server";
import { dashboard, FIXTURES, importFile, runImport, unreadOf, zipOf } from "./imports-api";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { IMPORT_PAGE_ROWS: "3", ...ALLOW_LOOPBACK } });
});
afterAll(() => t?.close());

const fixtureFiles = async (source: string, except: string[] = []) => {
  const dir = path.join(FIXTURES, source);
  const names = (await fs.readdir(dir)).filter((name) => !except.includes(name));
  return Promise.all(
    names.map(async (name) => ({ path: name, text: await fs.readFile(path.join(dir, name), "utf8") })),
  );
};

// Each channel of a user's by name: [unread count, unread mentions] as the chat API answers after the import.
describe("an imported member's unread count is the one the source had", () => {
  it("reads Stream's last_read: lee read up to the file at 09:07, so the logo after it is unread", async () => {
    const app = await createChatApp(t);
    await importFile(t, app, "stream", "app.jsonl", await fs.readFile(path.join(FIXTURES, "stream/app.jsonl")));
    expect(await unreadOf(t, app, "lee")).toEqual({ General: [1, 0], lobby: [0, 0] });
    // jesse's last_read in Launch day leaves two messages after it, but a livestream is an open channel, which counts
    // no unread messages.
    expect(await unreadOf(t, app, "jesse")).toEqual({
      "messaging:!members:jesse,kim": [0, 0],
      "Launch day": [0, 0],
      General: [0, 0],
    });
    // Stream says nothing of ops's reads: the whole history counts as read.
    expect(await unreadOf(t, app, "ops")).toEqual({ "Launch day": [0, 0] });
  });

  it("reads Sendbird's read receipt and unread count, and counts what the receipt leaves after it", async () => {
    const app = await createChatApp(t);
    await importFile(t, app, "sendbird", "sendbird-export.zip", await zipOf(await fixtureFiles("sendbird")));
    // alice's receipt is after her own removed message: the admin message and carol's after it are unread.
    expect(await unreadOf(t, app, "alice")).toEqual({ Announcements: [0, 0], "Team general": [2, 0] });
    // bob's unread count in the broadcast channel is of the messages that reach him; of the lounge, nothing is said.
    expect(await unreadOf(t, app, "bob")).toEqual({
      sendbird_group_channel_1003_lounge: [0, 0],
      Announcements: [1, 0],
      "Team general": [0, 0],
    });
  });

  it("reads TalkPlus's members' lastReadAt, never before a member's own last message", async () => {
    const data = JSON.parse(await fs.readFile(path.join(FIXTURES, "talkplus/app.json"), "utf8")) as TalkPlusData;
    const talkplus = await startTalkPlusServer(data, { appId: "tp-app", apiKey: "tp-key", pageSize: 2 });
    try {
      const app = await createChatApp(t);
      const created = await dashboard(t, app).pull({
        source: "talkplus",
        baseUrl: talkplus.url,
        appId: "tp-app",
        apiKey: "tp-key",
      });
      await runImport(t, app, created.body.import.id);
      // carol read up to the admin message: alice's message after it, which mentions her, is unread.
      expect(await unreadOf(t, app, "carol")).toEqual({ "town-hall": [0, 0], General: [1, 1] });
      // bob's lastReadAt is before his own edit at 12:04: he read up to it, and the two after it are unread.
      expect(await unreadOf(t, app, "bob")).toEqual({ "Project X": [0, 0], General: [2, 0] });
      // Nothing is said of dave's reads in the town hall.
      expect(await unreadOf(t, app, "dave")).toEqual({ "town-hall": [0, 0], "Project X": [0, 0] });
    } finally {
      await talkplus.close();
    }
  });

  it("reads a Parley export's lastReadSeq, and reads a member without one as having read everything", async () => {
    const files = await fixtureFiles("parley", ["manifest.json"]);
    const manifest = JSON.parse(await fs.readFile(path.join(FIXTURES, "parley/manifest.json"), "utf8")) as object;
    const members = files.find((file) => file.path === "members.ndjson");
    if (!members) throw new Error("the fixture has no members.ndjson");
    // alice's line in General without its lastReadSeq: carol's file after alice's message would otherwise be unread.
    members.text = members.text.replace(/("userId":"alice".*?),"lastReadSeq":5/, "$1");
    const app = await createChatApp(t);
    await importFile(t, app, "parley", "parley-export.zip", await zipOf(files, manifest));
    expect(await unreadOf(t, app, "bob")).toEqual({ "Town hall": [0, 0], General: [1, 0] });
    expect(await unreadOf(t, app, "alice")).toEqual({ "Town hall": [0, 0], General: [0, 0] });
  });
});
