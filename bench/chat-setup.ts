/**
 * What a `bench:chat` run needs on the Parley server before it measures, made over HTTP as an app would make it:
 * an account, an app and its API key, a super group, its members and their chat sessions, and with subchannels,
 * the subchannel settings and one sending member per subchannel.
 */
import {
  API_PREFIX,
  CHAT_API_PREFIX,
  chatApi,
  dashboardChat,
  fillPath,
  MAX_INVITES_AT_ONCE,
  zChannelResponse,
  zChatSession,
  zIssueTokenResponse,
} from "@parley/contract";
import type { ParleyServer } from "./chat-processes";
import { appWithKey, call, HttpError, marketplaceSession, pool } from "./support";

/** Chat API calls under way at once while members are made: enough to keep the server busy, not to flood it. */
const SETUP_CONCURRENCY = 16;

export const SUBCHANNEL_SETTINGS = { enabled: true, minMembers: 500, maxMembers: 3000, mergeMinutes: 60 };

export interface Subchannel {
  number: number;
  memberCount: number;
  /** A member of this subchannel, whose messages reach it alone. */
  senderToken: string;
}

export interface ChatSetup {
  appId: string;
  apiKey: string;
  channelId: string;
  /** Chat session tokens, one per member, `u0` first. */
  tokens: string[];
  /** With subchannels: each one, by number. */
  subchannels: Subchannel[] | null;
}

export async function setUpChannel(
  server: ParleyServer,
  options: { members: number; subchannels: boolean },
): Promise<ChatSetup> {
  const { base } = server;
  // A marketplace account: a send of a million messages is not cut off by the trial's monthly quota.
  const session = await marketplaceSession(base);
  const dashboard = session.sessionToken;
  const { appId, apiKey } = await appWithKey(base, dashboard, "Bench");
  const chat = (method: string, route: string, token: string, body?: unknown) =>
    call(base, method, `${CHAT_API_PREFIX}${route}`, token, body);

  const { channel } = zChannelResponse.parse(
    await chat("POST", chatApi.channels, apiKey, { name: "Bench", type: "supergroup" }),
  );
  if (options.subchannels) {
    // Before anyone joins: every member is placed as they join, which is what a super group does in production.
    const route = `${API_PREFIX}${fillPath(dashboardChat.channel, { id: appId, channelId: channel.id })}`;
    await call(base, "PUT", route, dashboard, { subchannel: SUBCHANNEL_SETTINGS }).catch((error) => {
      throw new Error(`--subchannels: could not turn subchannels on (${error.message})`);
    });
  }

  const tokens: string[] = new Array(options.members);
  const started = performance.now();
  await pool(options.members, SETUP_CONCURRENCY, async (i) => {
    const userId = `u${i}`;
    await chat("POST", chatApi.users, apiKey, { userId, nickname: `User ${i}` });
    const { token } = zIssueTokenResponse.parse(
      await chat("POST", fillPath(chatApi.userToken, { userId }), apiKey, { expiresInSeconds: 3600 }),
    );
    const login = zChatSession.parse(await chat("POST", chatApi.login, "", { appId, userId, token }));
    tokens[i] = login.sessionToken;
    if ((i + 1) % 1000 === 0) process.stderr.write(`bench:chat: ${i + 1} members signed up\n`);
  });
  // One call adds at most MAX_INVITES_AT_ONCE; one after the other, as they all lock the same channel.
  for (let i = 0; i < options.members; i += MAX_INVITES_AT_ONCE) {
    const userIds = Array.from({ length: Math.min(MAX_INVITES_AT_ONCE, options.members - i) }, (_, k) => `u${i + k}`);
    await chat("POST", fillPath(chatApi.members, { channelId: channel.id }), apiKey, { userIds });
  }
  process.stderr.write(
    `bench:chat: ${options.members} members ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const subchannels = options.subchannels ? await findSubchannels(base, channel.id, tokens) : null;
  return { appId, apiKey, channelId: channel.id, tokens, subchannels };
}

interface SubchannelsAnswer {
  mine: number | null;
  subchannels: Array<{ number: number; memberCount: number }>;
}

/**
 * The channel's subchannels and one member of each to send as: members are asked for their own subchannel, spread
 * over the member list, until every subchannel has one.
 */
async function findSubchannels(base: string, channelId: string, tokens: string[]): Promise<Subchannel[]> {
  const route = `${CHAT_API_PREFIX}${chatApi.channel.replace(":channelId", channelId)}/subchannels`;
  const ask = async (token: string) => {
    try {
      return (await call(base, "GET", route, token)) as SubchannelsAnswer;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        throw new Error(`--subchannels needs GET /v1/channels/:channelId/subchannels, which this server lacks`);
      }
      throw error;
    }
  };
  const first = await ask(tokens[0] ?? "");
  const senders = new Map<number, string>();
  const stride = Math.max(1, Math.floor(tokens.length / 50));
  for (let i = 0; i < tokens.length && senders.size < first.subchannels.length; i += stride) {
    const token = tokens[i] ?? "";
    const { mine } = i === 0 ? first : await ask(token);
    if (mine !== null && !senders.has(mine)) senders.set(mine, token);
  }
  if (first.subchannels.length === 0) throw new Error("--subchannels: the channel has no subchannels");
  return first.subchannels.map(({ number, memberCount }) => {
    const senderToken = senders.get(number);
    if (!senderToken) throw new Error(`--subchannels: found no member of subchannel ${number} to send as`);
    return { number, memberCount, senderToken };
  });
}
