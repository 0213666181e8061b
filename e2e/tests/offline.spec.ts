import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type ConsoleWatch, expect, test } from "./fixtures";
import {
  databaseNames,
  guest,
  guestApp,
  keysOfArea,
  OFFLINE_DATABASE,
  ownServer,
  sendCounter,
  sendTo,
  signInOnPage,
  startAnswerDroppingProxy,
  waitForOfflinePage,
} from "./offline-support";
import { SAMPLE_WORDS, type SampleLanguage, signInToSample, useSampleApp } from "./sample-host";

const sample = useSampleApp();

/** The kit's words these tests look for (packages/react/src/i18n), beside the sample's. */
const UI = {
  en: {
    ...SAMPLE_WORDS.en,
    waiting: "Waiting to send",
    sending: "Sending…",
    banner: "You're offline. Messages will be sent when you're back.",
    react: "Add reaction",
    reactWith: (emoji: string) => `React with ${emoji}`,
    logout: "Log out",
  },
  ko: {
    ...SAMPLE_WORDS.ko,
    waiting: "전송 대기 중",
    sending: "보내는 중…",
    banner: "오프라인입니다. 연결되면 메시지를 보냅니다.",
    react: "리액션 추가",
    reactWith: (emoji: string) => `${emoji} 리액션 남기기`,
    logout: "로그아웃",
  },
} as const;

/**
 * What the browser logs while the network or the server is gone, which is what these tests do: requests and
 * sockets that fail. Anything else on the console still fails the test.
 */
function allowNetworkFailures(consoleWatch: ConsoleWatch) {
  // A refused, reset, empty or never connected request to the chat API (the error depends on where the cut fell).
  consoleWatch.allow(/Failed to load resource: net::ERR_[A-Z_]+ at http:\/\/127\.0\.0\.1:\d+\/v1\//);
  consoleWatch.allow(/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/v1\/ws' failed/);
}

const messageRow = (page: Page, text: string) => page.getByTestId("message").filter({ hasText: text });
const pendingStates = (page: Page) => page.getByTestId("pending-state");

async function openChannel(page: Page, name: string) {
  await page.getByTestId("channel-item").filter({ hasText: name }).click();
  await expect(page.locator(".pk-channel-header h2")).toContainText(name);
}

async function sendInSample(page: Page, language: SampleLanguage, text: string) {
  const box = page.getByRole("combobox", { name: UI[language].message, exact: true });
  await box.fill(text);
  await box.press("Enter");
  await expect(box).toHaveValue("");
}

/** Each text is shown in exactly one row, and no row is still waiting. */
async function expectSentOnce(page: Page, texts: readonly string[], timeout?: number) {
  for (const text of texts) await expect(messageRow(page, text)).toHaveCount(1, { timeout });
  await expect(pendingStates(page)).toHaveCount(0, { timeout });
}

for (const language of ["en", "ko"] as const) {
  test(`${language}: sends and a reaction made offline wait, survive a reload offline, and arrive once, in order, back online`, async ({
    browser,
    baseURL,
    consoleWatch,
  }) => {
    test.setTimeout(240_000);
    allowNetworkFailures(consoleWatch);
    const words = UI[language];
    const server = baseURL as string;
    const { appId } = await guestApp(server);
    const kim = await guest(server, appId, "kim");
    const lee = await guest(server, appId, "lee");
    const channelId = await lee.createChannel("General", ["kim"]);
    await lee.send(channelId, "Lunch at noon?");

    const page = await signInToSample(browser, sample.url(), language, { server, appId, userId: kim.userId });
    const context = page.context();
    await openChannel(page, "General");
    const question = messageRow(page, "Lunch at noon?");
    await expect(question).toBeVisible();

    // Offline: three sends and a reaction are kept and shown at once, the sends as waiting.
    await waitForOfflinePage(page);
    await context.setOffline(true);
    const texts = ["Tunnel 1 of 3", "Tunnel 2 of 3", "Tunnel 3 of 3"];
    for (const text of texts) await sendInSample(page, language, text);
    for (const text of texts) {
      await expect(messageRow(page, text).getByTestId("pending-state")).toHaveText(words.waiting);
    }
    await question.hover();
    await question.getByRole("button", { name: words.react }).click();
    await page.getByRole("button", { name: words.reactWith("👍") }).click();
    await expect(question.locator(".pk-reaction-chip")).toHaveText("👍1");

    // A reload while still offline (the page from the service worker's cache) opens the chat from the store.
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: words.banner })).toBeVisible();
    await openChannel(page, "General");
    await expect(question).toBeVisible();
    await expect(question.locator(".pk-reaction-chip")).toHaveText("👍1");
    for (const text of texts) {
      await expect(messageRow(page, text).getByTestId("pending-state")).toHaveText(words.waiting);
    }
    await expect(pendingStates(page)).toHaveCount(3);
    // Nothing went out meanwhile.
    expect(await lee.textsAmong(channelId, texts)).toEqual([]);

    // Back online: each send reaches Lee once, in order, the reaction with them, and the waiting rows are gone.
    // Chromium's offline switch does not carry over a reload (the reloaded page reads `navigator.onLine` as true
    // and hears no `online` event when the switch goes off): the outbox's and the link's own retries bring them out.
    await context.setOffline(false);
    await expect.poll(() => lee.textsAmong(channelId, texts), { timeout: 90_000 }).toEqual(texts);
    await expect
      .poll(async () => (await lee.messages(channelId)).find((m) => m.text === "Lunch at noon?")?.reactions, {
        timeout: 30_000,
      })
      .toEqual({ "👍": 1 });
    await expect(page.getByTestId("connection-status")).toHaveText(words.online, { timeout: 60_000 });
    await expectSentOnce(page, texts, 30_000);
    await expect(page.getByRole("status").filter({ hasText: words.banner })).toHaveCount(0);
    await expect(question.locator(".pk-reaction-chip")).toHaveText("👍1");
    // Still exactly once after everything settled.
    expect(await lee.textsAmong(channelId, texts)).toEqual(texts);

    await context.close();
  });
}

test("messages on their way when the server is killed arrive once, in order, after it restarts", async ({
  browser,
  consoleWatch,
}) => {
  test.setTimeout(420_000);
  allowNetworkFailures(consoleWatch);
  const words = UI.en;
  const own = await ownServer(await fs.mkdtemp(path.join(os.tmpdir(), "parley-e2e-offline-")));
  try {
    await own.start();
    const { appId } = await guestApp(own.url);
    const kim = await guest(own.url, appId, "kim");
    const lee = await guest(own.url, appId, "lee");
    const channelId = await lee.createChannel("Ops", ["kim"]);
    await lee.send(channelId, "Deploying now");

    const sends = sendCounter();
    const page = await signInToSample(browser, sample.url(), "en", {
      server: own.url,
      appId,
      userId: kim.userId,
      beforeOpening: sends.watch,
    });
    await openChannel(page, "Ops");
    await expect(messageRow(page, "Deploying now")).toBeVisible();

    // The server dies as the third send leaves the browser; the sends after it are typed while it is down.
    const texts = Array.from({ length: 6 }, (_, i) => `Crash ${i + 1} of 6`);
    sends.onEach((count) => {
      if (count === 3) own.kill();
    });
    for (const text of texts) await sendInSample(page, "en", text);
    await own.exited();
    expect(sends.count()).toBeGreaterThanOrEqual(3);
    // What the server did not confirm waits, the last send at least.
    await expect(messageRow(page, texts[5] as string).getByTestId("pending-state")).toHaveText(
      new RegExp(`${words.waiting}|${words.sending}`),
    );
    await expect(page.getByRole("status").filter({ hasText: words.banner })).toBeVisible();

    // The same server again, on the same data folder and port.
    await own.start();
    await expect.poll(() => lee.textsAmong(channelId, texts), { timeout: 120_000 }).toEqual(texts);
    await expect(page.getByTestId("connection-status")).toHaveText(words.online, { timeout: 60_000 });
    await expectSentOnce(page, texts, 30_000);
    expect(await lee.textsAmong(channelId, texts)).toEqual(texts);
    await page.context().close();
  } finally {
    await own.dispose();
  }
});

test("a send whose answer is lost after the server stored it waits, then is sent, and the channel has it once", async ({
  browser,
  baseURL,
  consoleWatch,
}) => {
  test.setTimeout(240_000);
  allowNetworkFailures(consoleWatch);
  const words = UI.en;
  const server = baseURL as string;
  const { appId } = await guestApp(server);
  const kim = await guest(server, appId, "kim");
  const lee = await guest(server, appId, "lee");
  const channelId = await lee.createChannel("Relay", ["kim"]);
  await lee.send(channelId, "Anyone there?");

  const proxy = await startAnswerDroppingProxy(server);
  try {
    const page = await signInToSample(browser, sample.url(), "en", { server: proxy.url, appId, userId: kim.userId });
    await openChannel(page, "Relay");
    await expect(messageRow(page, "Anyone there?")).toBeVisible();

    const text = "Answer lost on the way";
    const dropped = proxy.dropNextAnswer(sendTo(channelId));
    await sendInSample(page, "en", text);
    await dropped;

    // The server has it; the page was not told, and shows it waiting or being tried again.
    expect(await lee.textsAmong(channelId, [text])).toEqual([text]);
    await expect(messageRow(page, text).getByTestId("pending-state")).toHaveText(
      new RegExp(`${words.waiting}|${words.sending}`),
    );

    proxy.setOnline(true);
    await expectSentOnce(page, [text], 60_000);
    await expect(page.getByTestId("connection-status")).toHaveText(words.online, { timeout: 60_000 });
    expect(await lee.textsAmong(channelId, [text])).toEqual([text]);
    // It was sent again after the lost answer, with the same clientMessageId each time, and stored once.
    const tries = [...proxy.sent().matchAll(/\{[^{}]*\}/g)]
      .filter((match) => match[0].includes(`"text":"${text}"`))
      .map((match) => (JSON.parse(match[0]) as { clientMessageId?: string }).clientMessageId);
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tries).size).toBe(1);
    const stored = (await lee.messages(channelId)).find((m) => m.text === text);
    expect(stored?.clientMessageId).toBe(tries[0]);
    await page.context().close();
  } finally {
    await proxy.close();
  }
});

test("two tabs of one user send offline; back online every message arrives once", async ({
  browser,
  baseURL,
  consoleWatch,
}) => {
  test.setTimeout(240_000);
  allowNetworkFailures(consoleWatch);
  const words = UI.en;
  const server = baseURL as string;
  const { appId } = await guestApp(server);
  const kim = await guest(server, appId, "kim");
  const lee = await guest(server, appId, "lee");
  const channelId = await lee.createChannel("Tabs", ["kim"]);
  await lee.send(channelId, "Two windows?");

  const first = await signInToSample(browser, sample.url(), "en", { server, appId, userId: kim.userId });
  const context = first.context();
  // The second tab resumes the session the first one stored, and shares its IndexedDB.
  const second = await context.newPage();
  await second.goto(sample.url());
  await expect(second.locator(".pk-sidebar-header")).toContainText(words.online);
  for (const page of [first, second]) {
    await openChannel(page, "Tabs");
    await expect(messageRow(page, "Two windows?")).toBeVisible();
  }

  await context.setOffline(true);
  const texts: string[] = [];
  for (let round = 1; round <= 3; round++) {
    for (const [name, page] of [
      ["first", first],
      ["second", second],
    ] as const) {
      const text = `Tab ${name}, message ${round}`;
      texts.push(text);
      await sendInSample(page, "en", text);
      await expect(messageRow(page, text).getByTestId("pending-state")).toHaveText(
        new RegExp(`${words.waiting}|${words.sending}`),
      );
    }
  }
  expect(await lee.textsAmong(channelId, texts)).toEqual([]);

  await context.setOffline(false);
  await expect.poll(async () => (await lee.textsAmong(channelId, texts)).length, { timeout: 90_000 }).toBe(6);
  for (const page of [first, second]) await expectSentOnce(page, texts, 60_000);
  const arrived = await lee.textsAmong(channelId, texts);
  // Once each, none twice, and in the order they were written.
  expect(arrived).toEqual(texts);
  await context.close();
});

test("logging out deletes the user's store, and the next user sees none of their channels", async ({
  browser,
  baseURL,
}) => {
  const words = UI.en;
  const server = baseURL as string;
  const { appId } = await guestApp(server);
  const kim = await guest(server, appId, "kim");
  const park = await guest(server, appId, "park");
  const lee = await guest(server, appId, "lee");
  // Channels only their members see: neither is listed to anyone else as one to join.
  const kimsChannel = await lee.createChannel("Kim's secrets", ["kim"], "private_invite");
  await lee.send(kimsChannel, "Only for Kim");
  await lee.createChannel("Park's corner", ["park"], "private_invite");

  const page = await signInToSample(browser, sample.url(), "en", { server, appId, userId: kim.userId });
  await openChannel(page, "Kim's secrets");
  await expect(messageRow(page, "Only for Kim")).toBeVisible();
  await sendInSample(page, "en", "Kim was here");
  await expectSentOnce(page, ["Kim was here"]);
  // Every user's area is a key range of the one database the origin holds for the SDK.
  const kimsArea = `${appId}/users/kim`;
  const parksArea = `${appId}/users/park`;
  await expect.poll(() => keysOfArea(page, kimsArea)).toBeGreaterThan(1);

  await page.getByRole("button", { name: words.logout }).click();
  await expect(page.getByRole("button", { name: words.signIn })).toBeVisible();
  await expect.poll(() => keysOfArea(page, kimsArea)).toBe(0);
  // No database of the page names a user.
  const names = await databaseNames(page);
  expect(names).toContain(OFFLINE_DATABASE);
  expect(names.filter((name) => name.includes("/users/"))).toEqual([]);

  await signInOnPage(page, "en", { server, appId, userId: park.userId });
  await expect(page.getByTestId("channel-item").filter({ hasText: "Park's corner" })).toBeVisible();
  await expect(page.getByText("Kim's secrets")).toHaveCount(0);
  await expect.poll(() => keysOfArea(page, parksArea)).toBeGreaterThan(1);
  expect(await keysOfArea(page, kimsArea)).toBe(0);
  await page.context().close();
});
