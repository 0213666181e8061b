import { isParleyError, ParleyClient } from "@parley/sdk";
import { WebSocket } from "ws";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";

test("an app created in the dashboard carries live SDK chat that the dashboard moderates", async ({
  page,
  request,
  baseURL,
}) => {
  const session = await accountSession(request);
  await signInBrowser(page, session);

  await page.goto("/apps");
  await page.getByRole("main").getByRole("button", { name: "Create app" }).click();
  const dialog = page.getByRole("dialog");
  const save = dialog.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await dialog.getByLabel(/^App name/).fill("Live chat");
  await save.click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}\/settings$/);
  const appId = /\/apps\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? "";

  // The app's server side: an API key, two users and their login tokens.
  const auth = { authorization: `Bearer ${session.sessionToken}` };
  const key = await (
    await request.post(`/api/apps/${appId}/api-keys`, { headers: auth, data: { label: "e2e" } })
  ).json();
  const server = { authorization: `Bearer ${key.secret}` };
  const clients: Record<string, ParleyClient> = {};
  for (const userId of ["kim", "lee"]) {
    await request.post("/v1/users", { headers: server, data: { userId, nickname: userId.toUpperCase() } });
    const { token } = await (await request.post(`/v1/users/${userId}/token`, { headers: server, data: {} })).json();
    const client = new ParleyClient({ baseUrl: baseURL as string, appId, WebSocket: WebSocket as never });
    await client.loginWithToken(userId, token);
    clients[userId] = client;
  }
  const kim = clients.kim as ParleyClient;
  const lee = clients.lee as ParleyClient;
  await lee.connect();
  const channel = await kim.channels.create({ name: "Support", userIds: ["lee"] });

  await page.goto(`/apps/${appId}/channels/${channel.id}`);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  await kim.messages.send(channel.id, "Hello from the SDK");
  await expect(page.getByText("Hello from the SDK")).toBeVisible();

  const adminReceived = new Promise<string>((resolve) => {
    lee.on("message.created", (event) => {
      if (event.message?.type === "admin") resolve(event.message.text);
    });
  });
  await page.getByLabel("Admin message").fill("Maintenance tonight at 10");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  expect(await adminReceived).toBe("Maintenance tonight at 10");

  await page.getByRole("button", { name: "Actions for LEE" }).click();
  await page.getByRole("menuitem", { name: "Ban" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Ban" }).click();
  await expect(page.getByText("LEE was banned.")).toBeVisible();
  const refused = await lee.messages.send(channel.id, "am I still here?").catch((err: unknown) => err);
  expect(isParleyError(refused, "3023")).toBe(true);

  lee.disconnect();
});
