import { describe, expect, it } from "vitest";
import { firstLinkUrl, LINK_PREVIEW_URL_MAX } from "./link-previews";

describe("firstLinkUrl", () => {
  it("takes the first http(s) link, without the sentence's punctuation or its fragment", () => {
    expect(firstLinkUrl("see https://example.com/a?b=1#top, then http://other.example")).toBe(
      "https://example.com/a?b=1",
    );
    expect(firstLinkUrl("Read it: https://example.com/post!")).toBe("https://example.com/post");
  });

  it("keeps a bracket the link opened and drops one it did not", () => {
    expect(firstLinkUrl("(see https://en.wikipedia.org/wiki/Seoul_(city))")).toBe(
      "https://en.wikipedia.org/wiki/Seoul_(city)",
    );
    expect(firstLinkUrl("(https://example.com/x)")).toBe("https://example.com/x");
  });

  it("ignores bare domains, other schemes, links with credentials and links past the length cap", () => {
    expect(firstLinkUrl("example.com/x and notes.md")).toBeNull();
    expect(firstLinkUrl("ftp://example.com/file javascript:alert(1)")).toBeNull();
    expect(firstLinkUrl("https://user:secret@example.com/")).toBeNull();
    expect(firstLinkUrl(`https://example.com/${"a".repeat(LINK_PREVIEW_URL_MAX)}`)).toBeNull();
  });

  it("finds a link written next to Korean text", () => {
    expect(firstLinkUrl("이거 봐 https://example.com/뉴스 진짜 웃김")).toBe("https://example.com/%EB%89%B4%EC%8A%A4");
  });
});
