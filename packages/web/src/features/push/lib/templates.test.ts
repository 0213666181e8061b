import { PUSH_TEMPLATE_KEYS } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { insertAt, templateNameKey } from "./templates";

describe("insertAt", () => {
  it("replaces the selection with the token and puts the caret after it", () => {
    expect(insertAt("Hi NAME!", "{{sender.name}}", 3, 7)).toEqual({ text: "Hi {{sender.name}}!", caret: 18 });
  });

  it("appends when the caret is past the end", () => {
    expect(insertAt("Hi ", "{{app}}", 99, 99)).toEqual({ text: "Hi {{app}}", caret: 10 });
  });
});

describe("templateNameKey", () => {
  it("nests by the key's path segments", () => {
    expect(templateNameKey("channel/member/left")).toBe("push.events.channel.member.left");
  });

  it("names every template in Korean and in English", () => {
    for (const language of ["ko", "en"]) {
      const unnamed = PUSH_TEMPLATE_KEYS.filter((key) => !i18n.exists(templateNameKey(key), { lng: language }));
      expect(unnamed, language).toEqual([]);
    }
  });
});
