import { describe, expect, it } from "vitest";
import { storableJson, storableText } from "./storable";

describe("storable text", () => {
  it("replaces NUL and lone surrogates with U+FFFD and keeps everything else, pairs included", () => {
    expect(storableText("a\u0000b")).toBe("a\ufffdb");
    expect(storableText("\ud800x\udfff")).toBe("\ufffdx\ufffd");
    expect(storableText("\udfff\ud800")).toBe("\ufffd\ufffd");
    expect(storableText("plain 가 😀")).toBe("plain 가 😀");
    expect(storableText("😀".slice(0, 1))).toBe("\ufffd");
  });

  it("cleans every string and key of a JSON value, however deep, and leaves a __proto__ key a plain key", () => {
    const cleaned = storableJson(JSON.parse('{"\\u0000":["\\ud800",{"k\\udfff":1}],"n":null,"__proto__":"x"}'));
    expect(cleaned).toEqual({ "\ufffd": ["\ufffd", { "k\ufffd": 1 }], n: null, ["__proto__"]: "x" });
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(JSON.stringify(cleaned)).toContain('"__proto__":"x"');
  });
});
