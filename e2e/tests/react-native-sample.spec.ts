import type { Page } from "@playwright/test";
import { resolveChromium } from "../chromium";
import { expect, test } from "./fixtures";
import { guest, guestApp } from "./offline-support";
import {
  RN_WORDS,
  type RnLanguage,
  signInToReactNativeSample,
  useReactNativeSample,
} from "./react-native-sample-support";

const sample = useReactNativeSample();
const chromium = await resolveChromium();

// A camera and a microphone that draw a test pattern and a tone, granted without asking.
test.use({
  launchOptions: {
    executablePath: chromium.executablePath,
    args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

/** A message of the open screen (a channel or a thread), sent or still waiting, by its text. */
const row = (page: Page, text: string) => page.getByTestId("message-row").filter({ hasText: text });

async function openChannel(page: Page, title: string) {
  await page.getByRole("button", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
}

async function send(page: Page, language: RnLanguage, text: string) {
  const box = page.getByRole("textbox", { name: RN_WORDS[language].message, exact: true });
  await box.fill(text);
  await page.getByRole("button", { name: RN_WORDS[language].send, exact: true }).click();
  await expect(box).toHaveValue("");
}

/** Opens a message's actions sheet and picks `action` in it. */
async function messageAction(page: Page, language: RnLanguage, text: string, action: string) {
  await row(page, text).getByRole("button", { name: RN_WORDS[language].actions }).click();
  await page.getByRole("button", { name: action, exact: true }).click();
}

test("two people chat, react, reply in a thread, send a file, send offline and hold a video call in the React Native sample on the web", async ({
  browser,
  baseURL,
  consoleWatch,
}) => {
  test.setTimeout(300_000);
  // While Kim's browser is offline its requests and its socket fail, as they would on a phone in a tunnel.
  consoleWatch.allow(/Failed to load resource: net::ERR_[A-Z_]+ at http:\/\/127\.0\.0\.1:\d+\/v1\//);
  consoleWatch.allow(/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/v1\/ws' failed/);
  const server = baseURL as string;
  const { appId } = await guestApp(server);
  const lee = await guest(server, appId, "lee");
  const kimApi = await guest(server, appId, "kim");
  const channelId = await kimApi.createChannel("General", ["lee"]);

  // Kim uses the sample in English, Lee in Korean, each in a browser of their own.
  const en = RN_WORDS.en;
  const ko = RN_WORDS.ko;
  const kimPage = await signInToReactNativeSample(browser, sample.url(), "en", { server, appId, userId: "kim" });
  const leePage = await signInToReactNativeSample(browser, sample.url(), "ko", { server, appId, userId: "lee" });
  await openChannel(kimPage, "General");
  await openChannel(leePage, "General");

  // Chat: each sees the other's message.
  await send(kimPage, "en", "Hello from Kim");
  await expect(row(leePage, "Hello from Kim")).toBeVisible();
  await send(leePage, "ko", "반가워요 Kim");
  await expect(row(kimPage, "반가워요 Kim")).toBeVisible();

  // React: Lee's thumbs-up reaches Kim's message on Kim's screen.
  await messageAction(leePage, "ko", "Hello from Kim", ko.reactWith("👍"));
  await expect(row(kimPage, "Hello from Kim").getByRole("button", { name: en.reactionChip("👍", 1) })).toBeVisible();

  // A thread: Kim replies to Lee's message in its thread; Lee opens it from the reply count.
  await messageAction(kimPage, "en", "반가워요 Kim", en.replyInThread);
  await expect(kimPage.getByRole("heading", { name: en.thread, exact: true })).toBeVisible();
  await expect(kimPage.getByTestId("thread-parent")).toContainText("반가워요 Kim");
  await send(kimPage, "en", "Replying in the thread");
  await expect(row(kimPage, "Replying in the thread")).toBeVisible();
  await row(leePage, "반가워요 Kim")
    .getByRole("button", { name: ko.replies(1) })
    .click();
  await expect(row(leePage, "Replying in the thread")).toBeVisible();
  await leePage.getByRole("button", { name: ko.back, exact: true }).click();
  await kimPage.getByRole("button", { name: en.back, exact: true }).click();
  await expect(kimPage.getByRole("heading", { name: "General", exact: true })).toBeVisible();

  // A file: Kim picks one in the browser's file chooser; Lee sees it in the channel.
  const chooser = kimPage.waitForEvent("filechooser");
  await kimPage.getByRole("button", { name: en.attach, exact: true }).click();
  await (await chooser).setFiles({ name: "agenda.txt", mimeType: "text/plain", buffer: Buffer.from("1. Lunch\n") });
  await expect(leePage.getByLabel(ko.file("agenda.txt"))).toBeVisible();
  await expect(kimPage.getByLabel(en.file("agenda.txt"))).toHaveCount(1);

  // Offline: Kim's message waits, with the banner up, and reaches Lee once when the network is back.
  await kimPage.context().setOffline(true);
  await expect(kimPage.getByRole("alert").filter({ hasText: en.offline })).toBeVisible();
  await send(kimPage, "en", "Sent from the tunnel");
  await expect(row(kimPage, "Sent from the tunnel")).toContainText(en.waiting);
  expect(await lee.textsAmong(channelId, ["Sent from the tunnel"])).toEqual([]);
  await kimPage.context().setOffline(false);
  await expect(row(leePage, "Sent from the tunnel")).toHaveCount(1, { timeout: 60_000 });
  await expect(kimPage.getByRole("alert").filter({ hasText: en.offline })).toHaveCount(0, { timeout: 60_000 });
  await expect(row(kimPage, "Sent from the tunnel")).toHaveCount(1);
  await expect(row(kimPage, "Sent from the tunnel")).not.toContainText(en.waiting);
  expect(await lee.textsAmong(channelId, ["Sent from the tunnel"])).toEqual(["Sent from the tunnel"]);

  // A call: Kim opens the 1:1 chat with Lee by Lee's user ID and calls with video; Lee accepts; both see the other;
  // Kim hangs up.
  await kimPage.getByRole("button", { name: en.back, exact: true }).click();
  await kimPage.getByLabel(en.directChatWith, { exact: true }).fill("lee");
  await kimPage.getByRole("button", { name: en.directChat, exact: true }).click();
  await expect(kimPage.getByRole("heading", { name: "LEE", exact: true })).toBeVisible();
  await kimPage.getByRole("button", { name: en.videoCall, exact: true }).click();
  await expect(leePage.getByTestId("call-status")).toHaveText(ko.incomingVideo("KIM"));
  await leePage.getByRole("button", { name: ko.accept, exact: true }).click();
  for (const page of [kimPage, leePage]) {
    // The status becomes the call's running time once media flows.
    await expect(page.getByTestId("call-status")).toHaveText(/^\d+:\d\d$/, { timeout: 45_000 });
    // The other party's video (the first, full-screen view) draws frames of the fake camera.
    const remote = page.getByTestId("call-screen").locator("video").first();
    await expect.poll(() => remote.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  }
  await kimPage.getByRole("button", { name: en.hangUp, exact: true }).click();
  await expect(kimPage.getByTestId("call-status")).toHaveText(en.ended);
  await expect(leePage.getByTestId("call-status")).toHaveText(ko.ended);
  await kimPage.getByRole("button", { name: en.close, exact: true }).click();
  await leePage.getByRole("button", { name: ko.close, exact: true }).click();
  for (const page of [kimPage, leePage]) await expect(page.getByTestId("call-screen")).toHaveCount(0);

  await kimPage.context().close();
  await leePage.context().close();
});
