import { PAGE_LIMIT_MAX, type TMessage } from "@parley/contract";
import { type ConnectionState, ParleyClient } from "@parley/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { startTestUserSession } from "../api/start-test-user-session";

const HISTORY_LIMIT = 50;

export type TestUserChatPhase = "starting" | "notMember" | "ready" | "failed";

export interface TestUserChat {
  phase: TestUserChatPhase;
  connection: ConnectionState;
  messages: TMessage[];
  error: unknown;
  /** Joins the channel as the test user, with the code a private channel asks for. */
  join: (inviteCode?: string) => Promise<void>;
  /** Sends as the test user; resolves with the stored message, which is also on screen by then. */
  send: (text: string) => Promise<TMessage>;
  /** Loads the history again, after the channel was joined some other way (an admin adding the user). */
  reload: () => Promise<void>;
}

/** Adds messages by id, ordered by seq: live events and history pages may bring the same message twice. */
function merge(current: TMessage[], incoming: TMessage[]): TMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Whether the signed-in user belongs to the channel, from their channel list (a test user has few channels). */
async function isMember(client: ParleyClient, channelId: string): Promise<boolean> {
  let cursor: string | undefined;
  do {
    const page = await client.channels.list({ scope: "mine", limit: PAGE_LIMIT_MAX, cursor });
    if (page.channels.some((channel) => channel.id === channelId)) return true;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return false;
}

/**
 * One test user's side of a channel, through the SDK exactly as an app would use it: a chat session the dashboard
 * takes for the user, the chat API's calls and its WebSocket. The session belongs to this view: it is taken when
 * the view starts and ended (logged out) when the view goes, so no token outlives the conversation on screen.
 */
export function useTestUserChat({
  appId,
  channelId,
  userId,
}: {
  appId: string;
  channelId: string;
  userId: string;
}): TestUserChat {
  const [phase, setPhase] = useState<TestUserChatPhase>("starting");
  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [messages, setMessages] = useState<TMessage[]>([]);
  const [error, setError] = useState<unknown>(null);
  const clientRef = useRef<ParleyClient | null>(null);

  const loadHistory = useCallback(
    async (client: ParleyClient) => {
      // Asked through the user's own channel list rather than by letting the history call fail with 3020: a refusal
      // the view expects should not show up as a failed request.
      if (!(await isMember(client, channelId))) {
        setPhase("notMember");
        return;
      }
      const page = await client.messages.history(channelId, { limit: HISTORY_LIMIT });
      setMessages((current) => merge(current, page.messages));
      setPhase("ready");
    },
    [channelId],
  );

  useEffect(() => {
    let isCurrent = true;
    const client = new ParleyClient({ baseUrl: window.location.origin, appId });
    clientRef.current = client;
    // Listening starts before the link opens, so nothing sent while the history loads is missed; merge() drops
    // what both bring.
    const stops = [
      client.on("message.created", (event) => {
        const message = event.message;
        if (isCurrent && message && event.channelId === channelId) setMessages((current) => merge(current, [message]));
      }),
      client.on("message.deleted", (event) => {
        const { messageId } = event;
        if (isCurrent && messageId && event.channelId === channelId) {
          setMessages((current) => current.filter((message) => message.id !== messageId));
        }
      }),
      client.on("member.joined", (event) => {
        // Added by an admin (an invitation-only channel): the conversation opens without a reload.
        if (isCurrent && event.channelId === channelId && event.userId === userId) void loadHistory(client);
      }),
      client.on("member.left", (event) => {
        if (isCurrent && event.channelId === channelId && event.userId === userId) setPhase("notMember");
      }),
      client.on("member.banned", (event) => {
        if (isCurrent && event.channelId === channelId && event.userId === userId) setPhase("notMember");
      }),
      client.on("connection", (change) => {
        if (isCurrent) setConnection(change.state);
      }),
    ];

    (async () => {
      const session = await startTestUserSession({ appId, userId });
      if (!isCurrent) {
        // The view went while the session was being taken: end it at once rather than leave it behind.
        await client.resume(session.sessionToken);
        await client.logout();
        return;
      }
      await client.resume(session.sessionToken);
      // From here on the clean-up below logs the session out; a view that went meanwhile stops here.
      if (!isCurrent) return;
      await client.connect();
      if (!isCurrent) return;
      await loadHistory(client);
    })().catch((failure: unknown) => {
      if (!isCurrent) return;
      setError(failure);
      setPhase("failed");
    });

    return () => {
      isCurrent = false;
      for (const stop of stops) stop();
      clientRef.current = null;
      // Ending the session is tidiness, not safety: a failure leaves a session of a test user, nothing more.
      void client.logout().catch(() => undefined);
    };
  }, [appId, channelId, userId, loadHistory]);

  const join = useCallback(
    async (inviteCode?: string) => {
      const client = clientRef.current;
      if (!client) return;
      await client.channels.join(channelId, inviteCode ? { inviteCode } : {});
      await loadHistory(client);
    },
    [channelId, loadHistory],
  );

  const send = useCallback(
    async (text: string) => {
      const client = clientRef.current;
      if (!client) throw new Error("The test user's chat is not open");
      const message = await client.messages.send(channelId, text);
      setMessages((current) => merge(current, [message]));
      return message;
    },
    [channelId],
  );

  const reload = useCallback(async () => {
    const client = clientRef.current;
    if (client) await loadHistory(client);
  }, [loadHistory]);

  return { phase, connection, messages, error, join, send, reload };
}
