import { describe, expect, it } from "vitest";
import { zContactRequest } from "./contact";
import { V } from "./validation";

const valid = {
  name: "Kim Minji",
  email: "Minji@Example.com ",
  phone: "01012345678",
  company: "",
  category: "others",
  description: "First line\nsecond line",
  language: "en",
};

const messages = (input: Record<string, unknown>) =>
  (zContactRequest.safeParse({ ...valid, ...input }).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("contact request", () => {
  it("accepts a multi-line description and no company, and normalizes the email", () => {
    expect(zContactRequest.parse(valid)).toMatchObject({ email: "minji@example.com", company: "" });
  });

  it("refuses line breaks and other control characters in the name and company", () => {
    expect(messages({ name: "Eve\r\nBcc: x@example.com" })).toEqual([["name", V.singleLine]]);
    expect(messages({ company: "Acme\u2028Cc: y@example.com" })).toEqual([["company", V.singleLine]]);
    expect(messages({ name: "Tab\tName" })).toEqual([["name", V.singleLine]]);
  });
});
