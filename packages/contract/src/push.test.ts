import { describe, expect, it } from "vitest";
import {
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_PUSH_TITLES,
  renderPushTemplate,
  unknownPushTemplateVariables,
  zPushTemplateText,
} from "./push";
import { V } from "./validation";

describe("push template variables", () => {
  it("names each unknown variable once, in order, whatever is inside the braces", () => {
    expect(
      unknownPushTemplateVariables("{{sender.nme}}: {{message}} in {{ chanel }} {{user_name}} {{sender.nme}} {{}}"),
    ).toEqual(["sender.nme", "chanel", "user_name", ""]);
  });

  it("knows every variable the sender fills, with or without spaces inside the braces", () => {
    expect(
      unknownPushTemplateVariables("{{app}} {{ channel }} {{message}} {{sender.name}} {{sender.profileImageUrl}}"),
    ).toEqual([]);
    for (const templates of Object.values(DEFAULT_PUSH_TEMPLATES)) {
      for (const text of Object.values(templates)) expect(unknownPushTemplateVariables(text)).toEqual([]);
    }
    for (const titles of Object.values(DEFAULT_PUSH_TITLES)) {
      for (const text of Object.values(titles)) expect(unknownPushTemplateVariables(text)).toEqual([]);
    }
  });

  it("refuses to save a template with an unknown variable, and accepts single braces as text", () => {
    expect(zPushTemplateText.safeParse("Hi {{sender.nmae}}").error?.issues[0]?.message).toBe(V.pushVariable);
    expect(zPushTemplateText.safeParse("{{sender.name}} sent {x} in {{channel}}").success).toBe(true);
  });

  it("leaves an unknown variable of a template saved before the rule as written", () => {
    const values = { app: "Chat", channel: "Tea", message: "hi", "sender.name": "Kim", "sender.profileImageUrl": "" };
    expect(renderPushTemplate("{{ sender.name }}: {{message}} {{unknown}}", values)).toBe("Kim: hi {{unknown}}");
  });
});
