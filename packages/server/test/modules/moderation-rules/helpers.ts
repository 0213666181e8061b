import type { TModerationRule, TModerationRuleInput } from "@parley/contract";
import { expect } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import type { TestApp } from "../../harness";

export type RuleInput = TModerationRuleInput;

/** A rule that blocks messages holding `keyword`, with whatever else is given. */
export const keywordRule = (keyword: string, extra: Partial<RuleInput> = {}): RuleInput => ({
  name: `no ${keyword}`,
  enabled: true,
  channelTypes: [],
  condition: { kind: "keywords", matchMode: "exact", keywords: [keyword], regexes: [] },
  action: { kind: "block" },
  ...extra,
});

/**
 * A chat app whose owner saved `rules` (and switched the engine on unless told), with kim's channel that lee joined.
 * Answers the dashboard client, the rules as saved, and helpers to read lee's history and the rules' hit counts.
 */
export async function roomWithRules(t: TestApp, rules: RuleInput[], options: { enabled?: boolean } = {}) {
  const api = client(t.server);
  const app = await createChatApp(t);
  const token = app.owner.token;
  const base = `/apps/${app.appId}/moderation/rules`;
  const saved: TModerationRule[] = [];
  for (const rule of rules) {
    const res = await api.post<{ rule: TModerationRule }>(base, rule, token);
    expect(res.status).toBe(200);
    saved.push(res.body.rule);
  }
  if (options.enabled !== false) {
    expect((await api.put(`${base}/settings`, { enabled: true }, token)).status).toBe(200);
  }
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const history = async () =>
    (await lee.api.get<{ messages: { text: string }[] }>(`/channels/${channel.id}/messages`)).body.messages.map(
      (m) => m.text,
    );
  const hits = async () =>
    (await api.get<{ rules: TModerationRule[] }>(base, token)).body.rules.map((r) => [r.name, r.hits]);
  const send = (text: string, extra: Record<string, unknown> = {}) =>
    kim.api.post<{ message: { id: string; text: string } }>(`/channels/${channel.id}/messages`, { text, ...extra });
  return { api, app, token, base, saved, kim, lee, channelId: channel.id, history, hits, send };
}
