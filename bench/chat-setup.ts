/**
 * What a `bench:chat` run needs on the Parley server before it measures, made over HTTP as an app would make it:
 * an account, an app and its API key, a super group, its members and their chat sessions, and with subchannels,
 * the subchannel settings and one sending member per subchannel; with `--groups`, channels of a few members each
 * instead of the super group.
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

/** The bench's account and app, and a caller of the chat API on `base`. */
async function benchApp(base: string) {
  // A marketplace account: a send of a million messages is not cut off by the trial's monthly quota.
  const session = await marketplaceSession(base);
  const dashboard = session.sessionToken;
  const { appId, apiKey } = await appWithKey(base, dashboard, "Bench");
  const chat = (method: string, route: string, token: string, body?: unknown) =>
    call(base, method, `${CHAT_API_PREFIX}${route}`, token, body);
  return { dashboard, appId, apiKey, chat };
}

type Chat = Awaited<ReturnType<typeof benchApp>>["chat"];

/** Chat users `u0`… `u<members - 1>` of the app, signed in: their session tokens, `u0` first. */
async function signUpMembers(chat: Chat, appId: string, apiKey: string, members: number): Promise<string[]> {
  const tokens: string[] = new Array(members);
  await pool(members, SETUP_CONCURRENCY, async (i) => {
    const userId = `u${i}`;
    await chat("POST", chatApi.users, apiKey, { userId, nickname: `User ${i}` });
    const { token } = zIssueTokenResponse.parse(
      await chat("POST", fillPath(chatApi.userToken, { userId }), apiKey, { expiresInSeconds: 3600 }),
    );
    const login = zChatSession.parse(await chat("POST", chatApi.login, "", { appId, userId, token }));
    tokens[i] = login.sessionToken;
    if ((i + 1) % 1000 === 0) process.stderr.write(`bench:chat: ${i + 1} members signed up\n`);
  });
  return tokens;
}

export async function setUpChannel(
  server: ParleyServer,
  options: { members: number; subchannels: boolean },
): Promise<ChatSetup> {
  const { base } = server;
  const { dashboard, appId, apiKey, chat } = await benchApp(base);

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

  const started = performance.now();
  const tokens = await signUpMembers(chat, appId, apiKey, options.members);
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

export interface Group {
  /** The group's number, which the Socket.IO reference names its room by. */
  number: number;
  /** The group's channel's messages route, with the chat API's prefix. */
  messagesRoute: string;
  /** Session tokens of its members; the first one sends. */
  tokens: string[];
}

export interface GroupsSetup {
  appId: string;
  groups: Group[];
}

/**
 * For `--groups`: `members` chat users signed in, in channels of `groupSize` members each made with their members
 * in one call (the last one smaller when `groupSize` does not divide `members`), member `g × groupSize` of each
 * its sender.
 */
export async function setUpGroups(
  server: ParleyServer,
  options: { members: number; groupSize: number },
): Promise<GroupsSetup> {
  const { base } = server;
  const { appId, apiKey, chat } = await benchApp(base);
  const started = performance.now();
  const tokens = await signUpMembers(chat, appId, apiKey, options.members);
  const count = Math.ceil(options.members / options.groupSize);
  const groups: Group[] = new Array(count);
  await pool(count, SETUP_CONCURRENCY, async (g) => {
    const first = g * options.groupSize;
    const last = Math.min(options.members, first + options.groupSize);
    const userIds = Array.from({ length: last - first }, (_, k) => `u${first + k}`);
    const { channel } = zChannelResponse.parse(
      await chat("POST", chatApi.channels, apiKey, { name: `Group ${g}`, type: "public", userIds }),
    );
    groups[g] = {
      number: g,
      messagesRoute: `${CHAT_API_PREFIX}${fillPath(chatApi.messages, { channelId: channel.id })}`,
      tokens: tokens.slice(first, last),
    };
  });
  process.stderr.write(
    `bench:chat: ${options.members} members in ${count} groups ready in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return { appId, groups };
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
