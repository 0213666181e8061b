import { describe, expect, it } from "vitest";
import { REMOTE_REASON_MAX, remoteExcerpt, remoteReason, statusReason } from "./remote-text";

describe("remote text", () => {
  it("tells a status by its code and phrase, and a 3xx as not followed", () => {
    expect(statusReason(503)).toBe("HTTP 503 Service Unavailable");
    expect(statusReason(302)).toBe("HTTP 302 Found; redirects are not followed");
    expect(statusReason(599)).toBe("HTTP 599");
  });

  it("makes a remote error field one clean line, cut short", () => {
    expect(remoteReason("  Invalid JWT\r\n\tSignature. ")).toBe("Invalid JWT Signature.");
    expect(remoteReason("evil\u202eetxt\u0007")).toBe("evil etxt");
    const long = remoteReason("a".repeat(5000)) ?? "";
    expect(Array.from(long)).toHaveLength(REMOTE_REASON_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("takes nothing that is not a non-empty string", () => {
    for (const value of [undefined, null, 42, { message: "x" }, ["x"], " \n "]) expect(remoteReason(value)).toBeNull();
  });

  it("keeps an excerpt's first characters and line breaks, without other controls", () => {
    expect(remoteExcerpt("ok\r\nline\u0000two\u202e", 100)).toBe("ok\nlinetwo");
    expect(remoteExcerpt("😀".repeat(10), 3)).toBe("😀😀😀");
  });
});
