import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { resolveChromium } from "../chromium";
import { expect, test } from "./fixtures";
import { SAMPLE_WORDS, signInToSample, useSampleApp } from "./sample-host";
import { accountSession, signInBrowser } from "./setup";
import { hasTurnServer, startTurnServer } from "./turn-server";

const sample = useSampleApp();
const chromium = await resolveChromium();

// A camera and a microphone that draw a test pattern and a tone, granted without asking.
test.use({
  launchOptions: {
    executablePath: chromium.executablePath,
    args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

const UI = {
  en: {
    ...SAMPLE_WORDS.en,
    videoWith: (name: string) => `Video call with ${name}`,
    voiceWith: (name: string) => `Voice call with ${name}`,
    incomingVideo: (name: string) => `Video call from ${name}`,
    incomingVoice: (name: string) => `Voice call from ${name}`,
    accept: "Accept",
    hangUp: "Hang up",
    ended: "Call ended",
    missed: "Missed",
    missedVoiceLine: "Missed voice call",
    lasted: /^Lasted \d+:\d\d$/,
    calls: "Calls",
    close: "Close",
  },
  ko: {
    ...SAMPLE_WORDS.ko,
    videoWith: (name: string) => `${name} 님과 영상 통화`,
    voiceWith: (name: string) => `${name} 님과 음성 통화`,
    incomingVideo: (name: string) => `${name} 님의 영상 통화`,
    incomingVoice: (name: string) => `${name} 님의 음성 통화`,
    accept: "받기",
    hangUp: "끊기",
    ended: "통화 종료",
    missed: "부재중",
    missedVoiceLine: "부재중 음성 통화",
    lasted: /^통화 시간 \d+:\d\d$/,
    calls: "통화 기록",
    close: "닫기",
  },
} as const;
type Language = keyof typeof UI;

/** An app that lets guests in, made through the dashboard API; `auth` is the owner's credential. */
async function guestApp(request: APIRequestContext, language: Language) {
  const owner = await accountSession(request, language);
  const auth = { authorization: `Bearer ${owner.sessionToken}` };
  const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Calls" } })).json();
  const settings = { allowAnonymousLogin: true, defaultMemberLimit: 100 };
  expect((await request.put(`/api/apps/${app.id}/admin`, { headers: auth, data: settings })).ok()).toBe(true);
  return { appId: app.id as string, auth, owner };
}

function signIn(
  browser: Browser,
  language: Language,
  options: { server: string; appId: string; userId: string; relay?: boolean },
) {
  const { relay, ...guest } = options;
  return signInToSample(browser, `${sample.url()}${relay ? "?relay" : ""}`, language, guest);
}

/** Kim and Lee meet in a channel, and Kim opens the 1:1 chat with Lee from Lee's name on a message. */
async function directChat(kim: Page, lee: Page, language: Language) {
  const words = UI[language];
  await kim.getByRole("button", { name: words.newChannel }).click();
  await kim.getByLabel(words.channelName, { exact: true }).fill("Lobby");
  await kim.getByRole("button", { name: words.create, exact: true }).click();
  await expect(kim.locator(".pk-channel-header h2")).toContainText("Lobby");
  await lee.getByRole("button", { name: words.refresh }).click();
  await lee.locator(".pk-channel-list button", { hasText: "Lobby" }).click();
  await expect(lee.locator(".pk-channel-header h2")).toContainText("Lobby");
  const leeBox = lee.getByRole("combobox", { name: words.message, exact: true });
  await leeBox.fill("Call me?");
  await leeBox.press("Enter");
  await kim.getByTestId("message").filter({ hasText: "Call me?" }).getByRole("button", { name: "LEE" }).click();
  await expect(kim.locator(".pk-channel-header h2")).toContainText("LEE");
}

/** Waits until the call screen has received audio and video, and more of both a moment later. */
async function expectMediaFlowing(page: Page) {
  const status = page.getByTestId("call-status");
  const bytes = async () => ({
    audio: Number(await status.getAttribute("data-audio-bytes")),
    video: Number(await status.getAttribute("data-video-bytes")),
  });
  await expect.poll(async () => (await bytes()).video, { timeout: 45_000 }).toBeGreaterThan(0);
  const first = await bytes();
  expect(first.audio).toBeGreaterThan(0);
  await expect.poll(async () => (await bytes()).video).toBeGreaterThan(first.video);
  await expect.poll(async () => (await bytes()).audio).toBeGreaterThan(first.audio);
}

/**
 * Kim calls Lee with video, Lee accepts, media flows both ways (over a route of `route`'s candidate type when
 * given), Kim hangs up; both see the call end.
 */
async function videoCall(kim: Page, lee: Page, language: Language, route?: "relay") {
  const words = UI[language];
  await kim.getByRole("button", { name: words.videoWith("LEE") }).click();
  const sheet = lee.getByRole("alertdialog", { name: words.incomingVideo("KIM") });
  await sheet.getByRole("button", { name: words.accept }).click();
  await Promise.all([expectMediaFlowing(kim), expectMediaFlowing(lee)]);
  if (route) {
    for (const page of [kim, lee]) await expect(page.getByTestId("call-status")).toHaveAttribute("data-route", route);
  }
  await expect(kim.getByRole("dialog").locator("video")).toHaveCount(2);
  await kim.getByRole("button", { name: words.hangUp }).click();
  for (const page of [kim, lee]) {
    await expect(page.getByTestId("call-status")).toHaveText(words.ended);
    await expect(page.getByTestId("call-duration")).toHaveText(words.lasted);
    await page.getByRole("dialog").getByRole("button", { name: words.close }).click();
    await expect(page.getByTestId("call-screen")).toHaveCount(0);
  }
}

for (const language of ["en", "ko"] as const) {
  test(`${language}: a video call between two browsers carries audio and video both ways, and the dashboard records it`, async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    const { appId, auth, owner } = await guestApp(request, language);
    const server = baseURL as string;
    const kim = await signIn(browser, language, { server, appId, userId: "kim" });
    const lee = await signIn(browser, language, { server, appId, userId: "lee" });
    await directChat(kim, lee, language);
    await videoCall(kim, lee, language);

    // The record has both parties, the kind and a duration; the call history lists it.
    const { calls } = await (await request.get(`/api/apps/${appId}/calls`, { headers: auth })).json();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: "video", state: "ended", endReason: "hangup", caller: { userId: "kim" } });
    expect(calls[0].durationSeconds).toEqual(expect.any(Number));
    await kim.getByRole("button", { name: UI[language].calls }).click();
    await expect(kim.getByTestId("call-history-item")).toHaveCount(1);
    // The app's owner finds it on the dashboard's calls page.
    await signInBrowser(page, owner, language);
    await page.goto(`/apps/${appId}/calls`);
    const row = page.getByTestId(`call-row-${calls[0].id}`);
    await expect(row).toContainText("KIM");
    await expect(row).toContainText("LEE");
    await expect(row).toContainText(/\d+:\d\d/);
    await kim.context().close();
    await lee.context().close();
  });
}

test("ko: a voice call nobody answers is missed on both sides and leaves a line in the 1:1 chat", async ({
  browser,
  request,
  baseURL,
}) => {
  const words = UI.ko;
  const { appId } = await guestApp(request, "ko");
  const kim = await signIn(browser, "ko", { server: baseURL as string, appId, userId: "kim" });
  const lee = await signIn(browser, "ko", { server: baseURL as string, appId, userId: "lee" });
  await directChat(kim, lee, "ko");
  await kim.getByRole("button", { name: words.voiceWith("LEE") }).click();
  const sheet = lee.getByRole("alertdialog", { name: words.incomingVoice("KIM") });
  await expect(sheet).toBeVisible();
  // The server's ring time in these tests is 15 s; then the call is missed for both.
  await expect(kim.getByTestId("call-status")).toHaveText(words.missed, { timeout: 60_000 });
  await expect(sheet).toHaveCount(0);
  await expect(kim.getByTestId("missed-call")).toContainText(words.missedVoiceLine);
  await kim.context().close();
  await lee.context().close();
});

test.describe("through a TURN server", () => {
  // One retry, for this test alone (decision 0334): under a load average of 6 to 7 its relayed media has not connected
  // within the SDK's 20 s, and the call ended as failed, while alone or beside a loaded machine it passes. The retry
  // makes a new call through a new TURN server; a relay that cannot carry media fails both.
  test.describe.configure({ retries: 1 });

  test("en: a video call forced through a TURN server relays its media", async ({ browser, request, baseURL }) => {
    test.skip(!hasTurnServer(), "coturn is not installed here (.ci/run installs it)");
    const turn = await startTurnServer();
    try {
      const { appId, auth } = await guestApp(request, "en");
      const saved = await request.put(`/api/apps/${appId}/calls/settings`, {
        headers: auth,
        data: { stunUrls: [], turnUrls: [turn.url], turnSecret: turn.secret },
      });
      expect(saved.ok()).toBe(true);
      const server = baseURL as string;
      const kim = await signIn(browser, "en", { server, appId, userId: "kim", relay: true });
      const lee = await signIn(browser, "en", { server, appId, userId: "lee", relay: true });
      await directChat(kim, lee, "en");
      await videoCall(kim, lee, "en", "relay");
      await kim.context().close();
      await lee.context().close();
    } finally {
      await turn.stop();
    }
  });
});
