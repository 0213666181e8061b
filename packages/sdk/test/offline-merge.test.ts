import { describe, expect, it } from "vitest";
import type { TMessage } from "../src";
import { inChannelList, mergeMessages, threadOnly } from "../src/offline/cache";

const message = (fields: Partial<TMessage> = {}): TMessage => ({
  id: "m1",
  channelId: "c1",
  seq: 1,
  type: "text",
  text: "see https://example.com",
  sender: { userId: "kim", nickname: "Kim", profileImageUrl: "" },
  metadata: {},
  file: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

describe("the offline copy's merge of a newer copy of a message", () => {
  const preview = { url: "https://example.com/", title: "Example", description: null, imageUrl: null, siteName: null };

  it("drops the link preview a newer copy no longer has, as its removal says", () => {
    const merged = mergeMessages([message({ linkPreview: preview })], [message()], 10);
    expect(merged[0]?.linkPreview).toBeUndefined();
  });

  it("keeps the user's own reactions, which events do not carry", () => {
    const merged = mergeMessages([message({ myReactions: ["👍"] })], [message({ linkPreview: preview })], 10);
    expect(merged[0]).toMatchObject({ myReactions: ["👍"], linkPreview: preview });
  });
});

describe("a queued reply and the channel's own list", () => {
  it("keeps a reply out of the channel's pending sends exactly when its message will be out of the channel's list", () => {
    const cases = [{}, { parentMessageId: "m1" }, { parentMessageId: "m1", showInChannel: true }];
    for (const options of cases) {
      expect(threadOnly({ options })).toBe(!inChannelList(message({ id: "m2", ...options })));
    }
    expect(threadOnly({})).toBe(false);
  });
});
