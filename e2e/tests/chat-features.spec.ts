import { ParleyClient } from "@parley/sdk";
import type { Page } from "@playwright/test";
import { WebSocket } from "ws";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { languages, text } from "./texts";

/** A message of the channel's own list (not the thread panel's copy of it). */
const messageItem = (page: Page, listName: string, content: string) =>
  page.getByRole("list", { name: listName, exact: true }).getByTestId("chat-message").filter({ hasText: content });

for (const language of languages) {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);

  test(`the chat view shows a member's reactions, thread replies, edits and pins as they happen (${language})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const session = await accountSession(request, language);
    await signInBrowser(page, session, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Features" } })).json();
    const key = await (
      await request.post(`/api/apps/${app.id}/api-keys`, { headers: auth, data: { label: "e2e" } })
    ).json();
    const server = { authorization: `Bearer ${key.secret}` };
    const clients: Record<string, ParleyClient> = {};
    for (const userId of ["kim", "lee"]) {
      await request.post("/v1/users", { headers: server, data: { userId, nickname: userId.toUpperCase() } });
      const { token } = await (await request.post(`/v1/users/${userId}/token`, { headers: server, data: {} })).json();
      const client = new ParleyClient({ baseUrl: baseURL as string, appId: app.id, WebSocket: WebSocket as never });
      await client.loginWithToken(userId, token);
      clients[userId] = client;
    }
    const kim = clients.kim as ParleyClient;
    const lee = clients.lee as ParleyClient;
    const channel = await kim.channels.create({ name: "Lunch", userIds: ["lee"] });
    const question = await kim.messages.send(channel.id, "Lunch at noon?");

    await page.goto(`/apps/${app.id}/channels/${channel.id}`);
    await expect(page.getByTestId("socket-status")).toHaveText(t("chat.status.live"));
    const item = messageItem(page, t("chat.messages"), "noon?");
    await expect(item).toBeVisible();

    // A reaction: its chip and count appear without a reload.
    await lee.messages.react(channel.id, question.id, "👍");
    const reactions = item.getByRole("list", { name: t("chat.reactions") });
    await expect(reactions.getByText("👍 1")).toBeVisible();

    // A reply kept in its thread: the parent counts it, the channel does not show it, the thread panel does.
    await lee.messages.send(channel.id, "Count me in", undefined, { parentMessageId: question.id });
    const repliesButton = item.getByRole("button", { name: t("chat.replyCount", { count: "1" }) });
    await expect(repliesButton).toBeVisible();
    await expect(page.getByText("Count me in")).toHaveCount(0);
    await repliesButton.click();
    const thread = page.getByRole("region", { name: t("chat.thread") });
    await expect(thread.getByRole("list", { name: t("chat.threadParent") })).toContainText("Lunch at noon?");
    const replies = thread.getByRole("list", { name: t("chat.threadReplies") });
    await expect(replies.getByText("Count me in")).toBeVisible();
    // A second reply arrives in the open panel, and the parent's count follows.
    await lee.messages.send(channel.id, "Me too, 12:05", undefined, { parentMessageId: question.id });
    await expect(replies.getByText("Me too, 12:05")).toBeVisible();
    await expect(item.getByRole("button", { name: t("chat.replyCount", { count: "2" }) })).toBeVisible();

    // An edit: the new text and the edited mark, in the channel and on top of the thread.
    await kim.messages.edit(channel.id, question.id, { text: "Lunch at 12:30?" });
    const edited = messageItem(page, t("chat.messages"), "12:30?");
    await expect(edited).toBeVisible();
    await expect(edited.getByTestId("edited-mark")).toContainText(t("chat.edited"));
    await expect(thread.getByRole("list", { name: t("chat.threadParent") })).toContainText("Lunch at 12:30?");

    // A pin by the channel's owner: the pinned strip shows it.
    await kim.channels.pin(channel.id, question.id);
    const pinned = page.getByRole("region", { name: t("chat.pinnedMessages") });
    await expect(pinned.getByText("Lunch at 12:30?")).toBeVisible();
    await expect(pinned).toContainText(t("chat.pinnedCount", { count: "1" }));
  });
}
