import { dashboardChat, fillPath, zChatSession } from "@parley/contract";
import { api } from "@/lib/api-client";

/**
 * A chat session for a test user. Not a cached query: each panel takes its own session and ends it when it closes,
 * so the token lives exactly as long as the conversation on screen.
 */
export async function startTestUserSession({ appId, userId }: { appId: string; userId: string }) {
  return api.post(fillPath(dashboardChat.testUserSession, { id: appId, userId }), {}, zChatSession);
}
