import { describe, expect, it } from "vitest";
import { attachment, channelName, clip, nickname, toDate, toMetadata } from "./normalize";

describe("toMetadata", () => {
  it("keeps the first 5 entries in key order and drops the rest", () => {
    const fields = { f: "6", b: "2", e: "5", a: "1", d: "4", c: "3" };
    expect(toMetadata(Object.entries(fields))).toEqual({ a: "1", b: "2", c: "3", d: "4", e: "5" });
  });

  it("writes values that are not strings as JSON and drops null and absent ones", () => {
    expect(
      toMetadata([
        ["n", 3],
        ["flag", false],
        ["list", [1, "a"]],
        ["obj", { x: 1 }],
        ["none", null],
        ["gone", undefined],
      ]),
    ).toEqual({ n: "3", flag: "false", list: '[1,"a"]', obj: '{"x":1}' });
  });

  it("drops empty keys and keys over 64 characters, and cuts values to 1000", () => {
    const metadata = toMetadata([
      ["  ", "x"],
      ["k".repeat(65), "x"],
      [" spaced ", "v".repeat(1200)],
    ]);
    expect(metadata).toEqual({ spaced: "v".repeat(1000) });
  });
});

describe("clip", () => {
  it("never cuts between the halves of a surrogate pair", () => {
    expect(clip("ab😀", 3)).toBe("ab");
    expect(clip("ab😀", 4)).toBe("ab😀");
  });
});

describe("nickname and channelName", () => {
  it("fall back to the ID when the source's name is absent, blank or invisible", () => {
    expect(nickname(undefined, "kim")).toBe("kim");
    expect(nickname("   ", "kim")).toBe("kim");
    expect(nickname("\u200b\u200b", "kim")).toBe("kim");
    expect(channelName("", "general")).toBe("general");
  });

  it("trim the name and cut it to Parley's limit", () => {
    expect(nickname("  Kim  ", "kim")).toBe("Kim");
    expect(nickname("n".repeat(90), "kim")).toHaveLength(80);
    expect(channelName("c".repeat(120), "general")).toHaveLength(100);
  });
});

describe("toDate", () => {
  it("reads epoch numbers below 1e11 as seconds and above as milliseconds", () => {
    expect(toDate(1736855603)?.toISOString()).toBe("2025-01-14T11:53:23.000Z");
    expect(toDate(1736855603000)?.toISOString()).toBe("2025-01-14T11:53:23.000Z");
  });

  it("reads RFC 3339 and Sendbird's space-separated form", () => {
    expect(toDate("2024-03-01T09:00:00Z")?.toISOString()).toBe("2024-03-01T09:00:00.000Z");
    expect(toDate("2025-01-14 11:53:23+0000")?.toISOString()).toBe("2025-01-14T11:53:23.000Z");
  });

  it("treats zero, times before 1970 and unreadable values as never", () => {
    expect(toDate(0)).toBeNull();
    expect(toDate("1969-12-31 23:59:59+0000")).toBeNull();
    expect(toDate("yesterday")).toBeNull();
    expect(toDate({})).toBeNull();
  });
});

describe("attachment", () => {
  it("names a file from its URL when the source gives no name, and leaves unknown type and size null", () => {
    expect(attachment("https://cdn.example.com/a/b/photo%201.jpg", undefined, "", "x")).toEqual({
      url: "https://cdn.example.com/a/b/photo%201.jpg",
      name: "photo 1.jpg",
      mimeType: null,
      size: null,
    });
  });

  it("drops a file without an http(s) URL", () => {
    expect(attachment("ftp://example.com/a.txt", "a.txt", "text/plain", 1)).toBeNull();
    expect(attachment(undefined, "a.txt", "text/plain", 1)).toBeNull();
  });
});
