import { describe, expect, it } from "vitest";
import { importedChannelId, uuidV5 } from "./ids";

const DNS_NAMESPACE = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
const APP = "0b6f1a52-3c1e-4f59-9a55-6d2f0d6c9e11";

describe("uuidV5", () => {
  it("gives the published version 5 UUID of www.example.com in the DNS namespace", () => {
    expect(uuidV5(DNS_NAMESPACE, "www.example.com")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("reads the namespace in either case", () => {
    expect(uuidV5(DNS_NAMESPACE.toUpperCase(), "www.example.com")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("hashes the name as UTF-8", () => {
    expect(uuidV5(DNS_NAMESPACE, "채널")).not.toBe(uuidV5(DNS_NAMESPACE, "??"));
    expect(uuidV5(DNS_NAMESPACE, "채널")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("throws on a namespace that is not a UUID rather than hashing it", () => {
    expect(() => uuidV5("not-a-uuid", "x")).toThrow(TypeError);
  });
});

describe("importedChannelId", () => {
  it("is the same for the same app, source and key, and differs when any of them does", () => {
    const id = importedChannelId(APP, "stream", "messaging:general");
    expect(importedChannelId(APP, "stream", "messaging:general")).toBe(id);
    expect(importedChannelId(DNS_NAMESPACE, "stream", "messaging:general")).not.toBe(id);
    expect(importedChannelId(APP, "sendbird", "messaging:general")).not.toBe(id);
    expect(importedChannelId(APP, "stream", "messaging:random")).not.toBe(id);
  });

  it("is the version 5 UUID of source:key in the app's namespace", () => {
    expect(importedChannelId(APP, "sendbird", "c1")).toBe(uuidV5(APP, "sendbird:c1"));
  });
});
