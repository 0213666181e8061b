import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";

test("a fresh app's checklist ticks its first message once the owner chats as a test user", async ({
  page,
  request,
}) => {
  const session = await accountSession(request);
  await signInBrowser(page, session);
  const auth = { authorization: `Bearer ${session.sessionToken}` };
  const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "First steps" } })).json();
  const { channel } = await (
    await request.post(`/api/apps/${app.id}/channels`, { headers: auth, data: { name: "Lobby" } })
  ).json();

  await page.goto(`/apps/${app.id}/channels/${channel.id}`);
  const checklist = page.getByTestId("onboarding-checklist");
  const firstMessage = checklist.getByTestId("onboarding-step-firstMessage");
  await expect(checklist).toContainText("0 of 4 steps done");
  await expect(firstMessage).toHaveAttribute("data-done", "false");
  await expect(page.getByTestId("socket-status")).toHaveText("Live");

  await page.getByRole("button", { name: "Chat as a test user" }).click();
  const panel = page.getByTestId("test-user-panel");
  await panel.getByRole("button", { name: "New test user" }).click();
  await panel.getByRole("button", { name: "Join as Test user 1" }).click();
  await expect(panel.getByTestId("test-user-connection")).toHaveText("Live");
  await panel.getByLabel("Message as Test user 1").fill("Hello from a test user");
  await panel.getByRole("button", { name: "Send" }).click();

  // The user's side and the admin's side show the same message, sent by the test user.
  await expect(panel.getByTestId("test-user-message").filter({ hasText: "Hello from a test user" })).toBeVisible();
  const adminView = page.getByTestId("chat-message").filter({ hasText: "Hello from a test user" });
  await expect(adminView).toContainText("Test user 1");
  await expect(firstMessage).toHaveAttribute("data-done", "true");
  await expect(checklist).toContainText("1 of 4 steps done");

  // And back: an admin message reaches the test user over the chat API's WebSocket.
  const adminComposer = page.getByLabel("Admin message");
  await adminComposer.fill("Welcome aboard");
  await adminComposer.press("Enter");
  await expect(panel.getByTestId("test-user-message").filter({ hasText: "Welcome aboard" })).toBeVisible();

  const onboarding = await (await request.get(`/api/apps/${app.id}/onboarding`, { headers: auth })).json();
  expect(onboarding.onboarding).toMatchObject({ hasChannel: true, hasUser: false });
  expect(onboarding.onboarding.firstMessageAt).not.toBeNull();
});
