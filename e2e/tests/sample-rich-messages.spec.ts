import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { resolveChromium } from "../chromium";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { guestSampleApp, SAMPLE_WORDS, signInToSample, useSampleApp } from "./sample-host";

const sample = useSampleApp();
const chromium = await resolveChromium();

// A microphone that plays a beeping tone, granted without asking.
test.use({
  launchOptions: {
    executablePath: chromium.executablePath,
    args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

const UI = {
  en: {
    ...SAMPLE_WORDS.en,
    record: "Record a voice message",
    recording: /^Recording: 0:0[2-9]$/,
    sendVoice: "Send voice message",
    play: /^Play voice message, 0:0\d$/,
    pause: "Pause voice message",
    createPoll: "Create a poll",
    question: "Question",
    option: (n: number) => `Option ${n}`,
    sendPoll: "Send poll",
    voteFor: (option: string, count: number) => `${option}: ${count} vote${count === 1 ? "" : "s"}`,
    read: "Read",
    scheduleSubmit: "Schedule",
    preview: "Link preview: Noodle House",
    schedule: "Schedule",
    scheduled: "1 scheduled message",
  },
  ko: {
    ...SAMPLE_WORDS.ko,
    record: "음성 메시지 녹음",
    recording: /^녹음 중: 0:0[2-9]$/,
    sendVoice: "음성 메시지 보내기",
    play: /^음성 메시지 재생, 0:0\d$/,
    pause: "음성 메시지 일시 정지",
    createPoll: "투표 만들기",
    question: "질문",
    option: (n: number) => `선택지 ${n}`,
    sendPoll: "투표 보내기",
    voteFor: (option: string, count: number) => `${option}: ${count}표`,
    read: "읽음",
    preview: "링크 미리보기: 국수집",
    schedule: "예약",
    scheduleSubmit: "예약하기",
    scheduled: "예약된 메시지 1개",
  },
} as const;
type Language = keyof typeof UI;

/** A page with Open Graph tags, in Korean or English, for the server to read a link preview from. */
async function servePage(language: Language): Promise<{ url: string; close: () => void }> {
  const title = language === "ko" ? "국수집" : "Noodle House";
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta property="og:title" content="${title}"><meta property="og:description" content="Hand-pulled noodles"><meta property="og:site_name" content="Menus"></head><body>${title}</body></html>`;
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/menu`, close: () => server.close() };
}

function signIn(browser: Browser, language: Language, server: string, appId: string, userId: string) {
  return signInToSample(browser, sample.url(), language, { server, appId, userId });
}

async function createChannel(page: Page, language: Language, name: string) {
  const words = UI[language];
  await page.getByRole("button", { name: words.newChannel }).click();
  await page.getByLabel(words.channelName, { exact: true }).fill(name);
  await page.getByRole("button", { name: words.create, exact: true }).click();
  await expect(page.locator(".pk-channel-header h2")).toContainText(name);
}

for (const language of ["en", "ko"] as const) {
  test(`${language}: a voice message recorded in the kit plays for the other member; polls, photos, link previews, the schedule and receipts pass an accessibility scan`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const words = UI[language];
    const app = { id: await guestSampleApp(request, language, "Voices") };

    const kim = await signIn(browser, language, baseURL as string, app.id, "kim");
    await createChannel(kim, language, "Voices");
    const lee = await signIn(browser, language, baseURL as string, app.id, "lee");
    await lee.getByRole("button", { name: words.refresh }).click();
    await lee.locator(".pk-channel-list button", { hasText: "Voices" }).click();
    await expect(lee.locator(".pk-channel-header h2")).toContainText("Voices");

    // Kim records two seconds from the microphone and sends them.
    await kim.getByRole("button", { name: words.record }).click();
    await expect(kim.getByRole("timer")).toHaveAccessibleName(words.recording, { timeout: 10_000 });
    await expect(kim.getByRole("button", { name: words.sendVoice })).toBeFocused();
    await kim.getByRole("button", { name: words.sendVoice }).click();
    await expect(kim.getByTestId("voice-recording")).toHaveCount(0);

    // Lee gets it with its length and a waveform that follows the microphone's beeps, and plays it to the end.
    const voice = lee.getByTestId("voice-message");
    const play = voice.getByRole("button", { name: words.play });
    await expect(play).toBeVisible();
    const heights = await voice.locator(".pk-voice-bar").evaluateAll((bars) => bars.map((b) => b.style.height));
    expect(new Set(heights).size).toBeGreaterThan(1);
    const lengthShown = await voice.getByTestId("voice-time").textContent();
    await play.click();
    await expect(voice.getByRole("button", { name: words.pause })).toBeVisible();
    await expect(voice.locator(".pk-played").first()).toBeVisible();
    await expect(voice.getByRole("button", { name: words.play })).toBeVisible({ timeout: 15_000 });
    await expect(voice.getByTestId("voice-time")).toHaveText(String(lengthShown));
    const played = await voice.locator("audio").evaluate((audio: HTMLAudioElement) => audio.played.length);
    expect(played).toBeGreaterThan(0);

    // A photo and a poll join it; Lee votes, and Kim sees the vote and that Lee has read the channel.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    await kim.getByTestId("file-input").setInputFiles({ name: "park.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(lee.getByRole("img", { name: "park.jpg" })).toBeVisible();
    await kim.getByRole("button", { name: words.createPoll }).click();
    await kim.getByLabel(words.question, { exact: true }).fill("Noodles or rice?");
    await kim.getByLabel(words.option(1), { exact: true }).fill("Noodles");
    await kim.getByLabel(words.option(2), { exact: true }).fill("Rice");
    await kim.getByRole("button", { name: words.sendPoll }).click();
    await lee.getByRole("button", { name: words.voteFor("Noodles", 0) }).click();
    await expect(kim.getByRole("button", { name: words.voteFor("Noodles", 1) })).toBeVisible();
    await expect(kim.getByLabel(words.read, { exact: true }).first()).toBeVisible();

    // A link gets its preview card, and a message waits scheduled for later.
    const page = await servePage(language);
    try {
      const kimBox = kim.getByRole("combobox", { name: words.message, exact: true });
      await kimBox.fill(`Menu: ${page.url}`);
      await kimBox.press("Enter");
      await expect(lee.getByRole("region", { name: words.preview })).toBeVisible();
    } finally {
      page.close();
    }
    await kim.getByRole("combobox", { name: words.message, exact: true }).fill("See you at noon");
    await kim.getByRole("button", { name: words.schedule, exact: true }).click();
    await kim.getByRole("dialog").getByRole("button", { name: words.scheduleSubmit, exact: true }).click();
    await expect(kim.getByRole("button", { name: words.scheduled })).toBeVisible();

    // The voice message, the photo, the poll, the link preview, the schedule and the receipts pass the scan.
    expect(await seriousViolations(lee)).toEqual([]);
    expect(await seriousViolations(kim)).toEqual([]);

    await kim.context().close();
    await lee.context().close();
  });
}
