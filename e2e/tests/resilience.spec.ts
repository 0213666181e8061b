import type { APIRequestContext, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";

/** An account with an app, made through the API; `auth` is its dashboard credential. */
async function appOf(request: APIRequestContext) {
  const session = await accountSession(request);
  const auth = { authorization: `Bearer ${session.sessionToken}` };
  const created = await request.post("/api/apps", { headers: auth, data: { name: "Resilience" } });
  const appId: string = (await created.json()).app.id;
  return { session, auth, appId };
}

test("a channel created while offline, then as the network drops, is created once, by Retry, once back online", async ({
  page,
  context,
  request,
  consoleWatch,
}) => {
  // The browser logs each create the dropped network fails; that is the point of the test.
  consoleWatch.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED at .*\/api\/apps\/[0-9a-f-]+\/channels:/);
  const { session, auth, appId } = await appOf(request);
  await signInBrowser(page, session);
  await page.goto(`/apps/${appId}/channels`);

  // Every create the page sends. Routed requests skip the browser's offline switch, so the route fails them itself
  // while offline; the first sent online reaches the server, which creates the channel, and its answer is lost as
  // the network drops.
  const creates: Request[] = [];
  let isOffline = false;
  const setOffline = async (offline: boolean) => {
    isOffline = offline;
    await context.setOffline(offline);
  };
  let dropNextAnswer = true;
  await page.route(`**/api/apps/${appId}/channels`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    creates.push(route.request());
    if (isOffline) return route.abort("internetdisconnected");
    if (!dropNextAnswer) return route.continue();
    dropNextAnswer = false;
    await route.fetch();
    await setOffline(true);
    await route.abort("internetdisconnected");
  });

  await page.getByRole("main").getByRole("button", { name: "Create channel" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Channel name/).fill("Launch");
  const failure = dialog.getByRole("alert");
  const cancel = dialog.getByRole("button", { name: "Cancel" });

  // Offline from the start: the dialog says so at once, and keeps what was typed.
  await setOffline(true);
  await dialog.getByRole("button", { name: "Create channel" }).click();
  await expect(failure).toContainText("You're offline");
  await expect(cancel).toBeEnabled();
  await expect(dialog.getByLabel(/^Channel name/)).toHaveValue("Launch");

  // Back online, Retry reaches the server, but its answer is lost as the network drops again.
  await setOffline(false);
  await expect(failure).toContainText("You're back online");
  await dialog.getByRole("button", { name: "Retry" }).click();
  await expect(failure).toContainText("You're offline");
  await expect(cancel).toBeEnabled();

  await setOffline(false);
  await dialog.getByRole("button", { name: "Retry" }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/channels/[0-9a-f-]{36}$`));

  // The page sent the same write with the same key each time; the server created one channel.
  expect(creates).toHaveLength(3);
  const keys = await Promise.all(creates.map((r) => r.headerValue("idempotency-key")));
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(keys).size).toBe(1);
  const list = await (await request.get(`/api/apps/${appId}/channels?limit=100`, { headers: auth })).json();
  expect(list.channels.map((c: { name: string }) => c.name)).toEqual(["Launch"]);
});

test("the chat view loses no message sent while it opens or while its socket reconnects", async ({ page, request }) => {
  const { session, auth, appId } = await appOf(request);
  const key = await (
    await request.post(`/api/apps/${appId}/api-keys`, { headers: auth, data: { label: "e2e" } })
  ).json();
  const server = { authorization: `Bearer ${key.secret}` };
  await request.post("/v1/users", { headers: server, data: { userId: "kim", nickname: "Kim" } });
  const { token } = await (await request.post("/v1/users/kim/token", { headers: server, data: {} })).json();
  const login = await (await request.post("/v1/auth/login", { data: { appId, userId: "kim", token } })).json();
  const kim = { authorization: `Bearer ${login.sessionToken}` };
  const channel = (await (await request.post("/v1/channels", { headers: kim, data: { name: "Window" } })).json())
    .channel as { id: string };
  const send = async (text: string) => {
    const sent = await request.post(`/v1/channels/${channel.id}/messages`, { headers: kim, data: { text } });
    expect(sent.ok()).toBe(true);
  };
  await send("before the view opened");

  // The history is read by the server as soon as it is asked, and answered only when the test says so.
  let releaseHistory = () => {};
  const historyReleased = new Promise<void>((resolve) => {
    releaseHistory = resolve;
  });
  await page.route(`**/api/apps/${appId}/channels/${channel.id}/messages?*`, async (route) => {
    if (new URL(route.request().url()).searchParams.has("after")) return route.continue();
    const response = await route.fetch();
    await historyReleased;
    await route.fulfill({ response });
  });

  // The dashboard's socket goes through the test, which can drop it and hold back its next subscription.
  const sockets: { close: () => Promise<void> }[] = [];
  let holdSubscription: Promise<void> | null = null;
  await page.routeWebSocket("**/v1/ws", (ws) => {
    const upstream = ws.connectToServer();
    const hold = holdSubscription;
    ws.onMessage(async (frame) => {
      if (hold && String(frame).includes('"subscribe"')) await hold;
      upstream.send(frame);
    });
    sockets.push({ close: () => ws.close() });
  });

  await signInBrowser(page, session);
  await page.goto(`/apps/${appId}/channels/${channel.id}`);
  const status = page.getByTestId("socket-status");
  // Live means the server acknowledged the subscription; the history is still on its way.
  await expect(status).toHaveText("Live");
  await send("sent in the window");
  await expect(page.getByText("sent in the window")).toBeVisible();
  releaseHistory();
  await expect(page.getByText("before the view opened")).toBeVisible();
  await expect(page.getByTestId("chat-message")).toHaveCount(2);
  await expect(page.getByText("sent in the window")).toHaveCount(1);

  // The socket drops; its next subscription waits until two messages were sent, which no event will carry.
  let subscribe = () => {};
  holdSubscription = new Promise<void>((resolve) => {
    subscribe = resolve;
  });
  await sockets[0]?.close();
  await expect(status).toHaveText("Reconnecting");
  await expect.poll(() => sockets.length).toBe(2);
  await send("while disconnected");
  await send("also while disconnected");
  subscribe();
  await expect(status).toHaveText("Live");
  await expect(page.getByText("also while disconnected")).toBeVisible();
  await expect(page.getByTestId("chat-message")).toHaveCount(4);
  await expect(page.getByText("while disconnected", { exact: true })).toHaveCount(1);
});
