import { OPEN_CHANNEL_MEMBER_LIMIT, type TChannel, type TUnreadResponse } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { importFile, reader, unreadOf, zipOf } from "./imports-api";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const CHANNEL = "sendbird_open_channel_keynote";

/**
 * A Sendbird export with one open channel: its operator, two participants (one with a read receipt before the last two
 * messages, one with an unread count), and three messages, the last mentioning a participant.
 */
function sendbirdExport() {
  const at = (minute: number) => Date.parse(`2025-01-14T12:0${minute}:00Z`);
  const message = (id: number, userId: string, text: string, mentioned: string[] = []) => ({
    message_id: id,
    type: "MESG",
    channel_url: CHANNEL,
    user: { user_id: userId },
    message: text,
    created_at: at(id),
    mentioned_users: mentioned.map((user_id) => ({ user_id })),
  });
  return zipOf([
    {
      path: "users.json",
      text: JSON.stringify({
        active_users: ["host", "fan1", "fan2", "stranger"].map((user_id) => ({ user_id, nickname: user_id })),
      }),
    },
    {
      path: "channels.json",
      text: JSON.stringify({
        open_channels: [
          {
            channel_url: CHANNEL,
            name: "Keynote",
            created_at: at(0) / 1000,
            members: [{ user_id: "host", role: "operator" }],
            participants: [{ user_id: "fan1" }, { user_id: "fan2", unread_message_count: 3 }],
            read_receipt: { fan1: at(1) },
          },
        ],
      }),
    },
    {
      path: "messages.json",
      text: JSON.stringify({
        messages: [
          message(1, "host", "Welcome to the keynote"),
          message(2, "host", "Starting now"),
          message(3, "host", "Questions, fan1?", ["fan1"]),
        ],
      }),
    },
  ]);
}

describe("importing a vendor's open channel", () => {
  it("makes it an open channel with the open limit, no invite code or hidden history, and nothing unread", async () => {
    const app = await createChatApp(t);
    await importFile(t, app, "sendbird", "sendbird-export.zip", await sendbirdExport());

    const fan1 = await reader(t, app, "fan1");
    const [channel] = await fan1.channels();
    expect(channel).toMatchObject({
      name: "Keynote",
      type: "open",
      memberLimit: OPEN_CHANNEL_MEMBER_LIMIT,
      requiresInviteCode: false,
      ownerUserId: "host",
      memberCount: 3,
    });
    const id = channel?.id ?? "";
    const one = await fan1.api.get<{ channel: TChannel }>(`/channels/${id}`);
    expect(one.body.channel.hideMessagesBeforeJoin ?? false).toBe(false);
    // The receipt, the unread count and the mention would leave messages unread in any other type.
    for (const userId of ["host", "fan1", "fan2"]) {
      expect(await unreadOf(t, app, userId)).toEqual({ Keynote: [0, 0] });
    }
    // The marks themselves are at the end, so a later change to another type starts the members with nothing unread.
    const marks = await t.ctx.database.query<{ user_id: string; last_read_seq: number; unread_mentions: number }>(
      `select u.user_id, m.last_read_seq, m.unread_mentions from channel_members m
       join chat_users u on u.id = m.chat_user_id where m.channel_id = $1 order by u.user_id`,
      [id],
    );
    expect(marks.map((m) => [m.user_id, m.last_read_seq, m.unread_mentions])).toEqual([
      ["fan1", 3, 0],
      ["fan2", 3, 0],
      ["host", 3, 0],
    ]);
    const totals = await fan1.api.get<TUnreadResponse>("/me/unread");
    expect(totals.body).toEqual({ unreadCount: 0, unreadMentionCount: 0, channels: 0 });

    // Any user of the app reads it before joining, and joins it without a code.
    const stranger = await reader(t, app, "stranger");
    expect(await stranger.channels()).toEqual([]);
    expect((await stranger.api.get<{ channel: TChannel }>(`/channels/${id}`)).body.channel.type).toBe("open");
    expect((await stranger.messages(id)).map((m) => m.text)).toEqual([
      "Welcome to the keynote",
      "Starting now",
      "Questions, fan1?",
    ]);
    const joined = await stranger.api.post<{ channel: TChannel }>(`/channels/${id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body.channel.memberCount).toBe(4);
  });
});
