import { V } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type RequestValidationError, unstorableText, validatorCompiler } from "./validation";

const validate = (schema: z.ZodType, data: unknown) =>
  validatorCompiler({ schema, method: "POST", url: "/x", httpPart: "body" })(data) as {
    value?: unknown;
    error?: RequestValidationError;
  };

describe("storable text", () => {
  it("finds a lone surrogate or a NUL in nested values and keys, with its path", () => {
    expect(unstorableText({ text: "ok 😀", metadata: { k: "v" } })).toBeNull();
    expect(unstorableText({ metadata: { k: "\udfff\ud800" } })).toMatchObject({
      path: "metadata.k",
      message: V.malformedText,
    });
    expect(unstorableText({ metadata: { "\ud800": "v" } })).toMatchObject({ message: V.malformedText });
    expect(unstorableText({ list: [{ a: "x\u0000" }] })).toMatchObject({ path: "list.0.a", message: V.nulCharacter });
  });
});

describe("validator compiler", () => {
  it("answers 300 with VALIDATION_MALFORMED_TEXT for a lone surrogate in a record value", () => {
    const result = validate(z.object({ metadata: z.record(z.string(), z.string()) }), { metadata: { a: "\ud800" } });
    expect(result.error?.issues).toEqual([{ path: "metadata.a", message: V.malformedText, missing: false }]);
  });

  it("gives enum and number failures a generic key instead of zod's English", () => {
    const schema = z.object({ language: z.enum(["ko", "en"]), limit: z.number().int().max(100) });
    const result = validate(schema, { language: "xx", limit: 1e9 });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      ["language", V.invalidValue],
      ["limit", V.numberRange],
    ]);
  });

  it("keeps a rule's own key", () => {
    const result = validate(z.object({ name: z.string().max(2, V.tooLong) }), { name: "abc" });
    expect(result.error?.issues[0]?.message).toBe(V.tooLong);
  });

  it("takes an absent body as missing (301), not malformed", () => {
    const result = validate(z.object({ name: z.string() }), null);
    expect(result.error?.issues).toEqual([{ path: "", message: V.required, missing: true }]);
  });
});
