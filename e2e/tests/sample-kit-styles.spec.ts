/**
 * The UI kit as the sample app shows it, in a browser: inside a page carrying Vite's template stylesheet (the kit in
 * one theme, the page's own styles following the other), under an accessibility scan of its call screen, thread and
 * forms in light and dark, used by keyboard, and with Korean and English laid out in a narrow thread pane.
 * `KIT_SHOTS_DIR=/some/folder` also saves a screenshot of each state there, to look at.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from "@playwright/test";
import { resolveChromium } from "../chromium";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { SAMPLE_WORDS, signInToSample, useSampleApp } from "./sample-host";
import { accountSession } from "./setup";
import { VITE_CLASSIC_TEMPLATE_CSS, VITE_TEMPLATE_CSS } from "./vite-template-css";

const sample = useSampleApp();
const chromium = await resolveChromium();

// The call screen asks for a camera and a microphone: fake ones, granted without asking.
test.use({
  launchOptions: {
    executablePath: chromium.executablePath,
    args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

const UI = {
  en: {
    ...SAMPLE_WORDS.en,
    reply: "Reply",
    react: "Add reaction",
    reactWith: (emoji: string) => `React with ${emoji}`,
    thread: "Thread",
    members: "Members",
    videoWith: (name: string) => `Video call with ${name}`,
    hangUp: "Hang up",
    mute: "Mute",
    cameraOff: "Camera off",
    close: "Close",
    english: "Could you send me the final version of the quarterly report before the meeting tomorrow morning?",
    korean: "오늘 저녁에 같이 밥 먹으러 갈 수 있는지 내일 아침까지 알려 줄래요?",
  },
  ko: {
    ...SAMPLE_WORDS.ko,
    reply: "답글",
    react: "리액션 추가",
    reactWith: (emoji: string) => `${emoji} 리액션 남기기`,
    thread: "스레드",
    members: "멤버",
    videoWith: (name: string) => `${name} 님과 영상 통화`,
    hangUp: "끊기",
    mute: "음소거",
    cameraOff: "카메라 끄기",
    close: "닫기",
    english: "Could you send me the final version of the quarterly report before the meeting tomorrow morning?",
    korean: "오늘 저녁에 같이 밥 먹으러 갈 수 있는지 내일 아침까지 알려 줄래요?",
  },
} as const;
type Language = keyof typeof UI;
type Theme = "light" | "dark";

/** The kit's `--pk-text`, `--pk-panel` and `--pk-bg` of each shipped theme (packages/react/src/theme/themes.ts). */
const THEME_COLOURS: Record<Theme, { text: string; panel: string; bg: string }> = {
  light: { text: "rgb(28, 31, 38)", panel: "rgb(255, 255, 255)", bg: "rgb(245, 246, 248)" },
  dark: { text: "rgb(231, 233, 238)", panel: "rgb(24, 27, 35)", bg: "rgb(15, 17, 23)" },
};

/** An app that lets guests in; Kim and Lee signed in to the sample, Kim's channel "General" joined by Lee. */
async function meetInGeneral(browser: Browser, request: APIRequestContext, server: string, language: Language) {
  const words = UI[language];
  const owner = await accountSession(request, language);
  const auth = { authorization: `Bearer ${owner.sessionToken}` };
  const { app } = await (await request.post("/api/apps", { headers: auth, data: { name: "Kit" } })).json();
  const settings = { allowAnonymousLogin: true, defaultMemberLimit: 100 };
  expect((await request.put(`/api/apps/${app.id}/admin`, { headers: auth, data: settings })).ok()).toBe(true);
  const kim = await signInToSample(browser, sample.url(), language, { server, appId: app.id, userId: "kim" });
  const lee = await signInToSample(browser, sample.url(), language, { server, appId: app.id, userId: "lee" });
  await kim.getByRole("button", { name: words.newChannel }).click();
  await kim.getByLabel(words.channelName, { exact: true }).fill("General");
  await kim.getByRole("button", { name: words.create, exact: true }).click();
  await expect(kim.locator(".pk-channel-header h2")).toContainText("General");
  await lee.getByRole("button", { name: words.refresh }).click();
  await lee.locator(".pk-channel-list button", { hasText: "General" }).click();
  await expect(lee.locator(".pk-channel-header h2")).toContainText("General");
  return { kim, lee };
}

async function send(page: Page, language: Language, text: string, scope: Page | Locator = page) {
  const box = scope.getByRole("combobox", { name: UI[language].message, exact: true });
  await box.fill(text);
  await box.press("Enter");
}

/** The list's entry whose name is `name` (another's preview may quote the name). */
const channelItem = (page: Page, name: string) =>
  page
    .getByTestId("channel-item")
    .filter({ has: page.locator(".pk-channel-name", { hasText: new RegExp(`^${name}$`) }) });

/** Reloads the sample with the kit in `theme` (the session resumes) and opens the channel named `name`. */
async function openIn(page: Page, theme: Theme, name: string) {
  await page.goto(`${sample.url()}?theme=${theme}`);
  await channelItem(page, name).click();
  await expect(page.locator(".pk-channel-header h2")).toContainText(name);
  await expect(page.locator(".pk-root")).toHaveAttribute("data-pk-theme", theme);
}

/** Saves a screenshot where `KIT_SHOTS_DIR` says, and attaches it to the test's report either way. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const image = await page.screenshot();
  await testInfo.attach(name, { body: image, contentType: "image/png" });
  const folder = process.env.KIT_SHOTS_DIR;
  if (folder) {
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, `${name}.png`), image);
  }
}

/** An element's text colour, the colour of the first opaque background behind it, and its font size. */
async function coloursOf(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    let background = "rgba(0, 0, 0, 0)";
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (!/^rgba\(.*, 0\)$/.test(colour) && colour !== "transparent") {
        background = colour;
        break;
      }
    }
    return { color: style.color, background, fontSize: style.fontSize, textAlign: style.textAlign };
  });
}

/** WCAG's contrast ratio of two `rgb()`/`rgba()` colours (alpha ignored: the kit's text colours are opaque). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, bl = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** Every word of the element's text stays on one line: the browser broke lines only between words. */
async function brokenWords(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const text = element.firstChild?.nodeType === Node.TEXT_NODE ? element.firstChild : null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const node = text ?? walker.nextNode();
    if (!node?.textContent) return ["no text"];
    const broken: string[] = [];
    for (const match of node.textContent.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index ?? 0);
      range.setEnd(node, (match.index ?? 0) + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
    return broken;
  });
}

test("en: the kit keeps its own colours, fonts and contrast inside a page styled by Vite's template, whichever scheme the page follows", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const words = UI.en;
  const { kim, lee } = await meetInGeneral(browser, request, baseURL as string, "en");
  await send(lee, "en", "Morning!");
  const stylesheets = { current: VITE_TEMPLATE_CSS, classic: VITE_CLASSIC_TEMPLATE_CSS };

  for (const theme of ["light", "dark"] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [template, css] of Object.entries(stylesheets)) {
        const where = `kit ${theme}, page ${scheme}, ${template} template`;
        await kim.emulateMedia({ colorScheme: scheme });
        await openIn(kim, theme, "General");
        // Added last, so the page's rules come after the kit's, as an app's own stylesheet often does.
        await kim.addStyleTag({ content: css });
        const expected = THEME_COLOURS[theme];

        const title = await coloursOf(kim.locator(".pk-channel-header h2"));
        expect(title.color, where).toBe(expected.text);
        expect(title.background, where).toBe(expected.panel);
        expect(title.fontSize, where).toBe("17px");
        expect(contrast(title.color, title.background), where).toBeGreaterThanOrEqual(4.5);
        const root = await coloursOf(kim.locator(".pk-root"));
        expect(root.textAlign, where).toBe("start");
        expect(root.fontSize, where).toBe("15px");

        const members = kim.getByRole("button", { name: new RegExp(words.members) });
        const chip = await coloursOf(members);
        expect(chip.color, where).toBe(expected.text);
        expect(chip.background, where).toBe(expected.panel);
        await members.hover();
        expect(await members.evaluate((el) => getComputedStyle(el).borderTopColor), where).not.toBe(
          "rgb(100, 108, 255)",
        );

        // The new-channel form's primary button, the sidebar's text buttons and the message text all keep AA.
        await kim.getByRole("button", { name: words.newChannel }).click();
        const buttons = [
          kim.getByRole("button", { name: words.create, exact: true }),
          kim.getByRole("button", { name: words.refresh }),
          kim.getByTestId("message").filter({ hasText: "Morning!" }).locator(".pk-bubble"),
        ];
        for (const button of buttons) {
          const seen = await coloursOf(button);
          expect(
            contrast(seen.color, seen.background),
            `${where}: ${await button.textContent()}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
        expect(await seriousViolations(kim, ".pk-root"), where).toEqual([]);
        await shoot(kim, testInfo, `en-vite-${template}-kit-${theme}-page-${scheme}`);
      }
    }
  }
  await kim.context().close();
  await lee.context().close();
});

for (const language of ["en", "ko"] as const) {
  test(`${language}: the call screen, a thread and the new-channel form pass an accessibility scan in light and dark, and keep focus where the keyboard expects`, async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const words = UI[language];
    const { kim, lee } = await meetInGeneral(browser, request, baseURL as string, language);
    await send(lee, language, words.english);
    await send(lee, language, words.korean);
    // Kim opens the 1:1 chat with Lee from Lee's name, where the call buttons are.
    await kim.getByTestId("message").filter({ hasText: words.korean }).getByRole("button", { name: "LEE" }).click();
    await expect(kim.locator(".pk-channel-header h2")).toContainText("LEE");

    for (const theme of ["light", "dark"] as const) {
      await openIn(kim, theme, "General");

      // The thread opens from the keyboard, takes focus, and gives it back when Escape closes it.
      const parent = kim.getByTestId("message").filter({ hasText: words.english });
      await parent.hover();
      const reply = parent.getByRole("button", { name: words.reply, exact: true });
      await reply.click();
      const thread = kim.getByRole("complementary", { name: words.thread });
      await expect(thread).toBeFocused();
      await kim.keyboard.press("Escape");
      await expect(thread).toHaveCount(0);
      await expect(reply).toBeFocused();
      await kim.keyboard.press("Enter");
      await expect(thread).toBeFocused();
      await send(kim, language, words.korean, thread);
      await send(kim, language, words.english, thread);

      // In the narrow pane, Korean breaks between words, and hovering a message does not narrow its bubble.
      const korean = thread.getByTestId("message").filter({ hasText: words.korean }).last().locator(".pk-bubble");
      await expect(korean).toBeVisible();
      expect(await brokenWords(korean)).toEqual([]);
      // Kim's reply of this pass, not Lee's message above it in the thread, which has the same text and may be the
      // only one drawn yet, nor the reply of the pass before.
      const kimsReplies = thread
        .getByTestId("message")
        .filter({ hasText: words.english })
        .filter({ has: kim.getByText("KIM", { exact: true }) });
      await expect(kimsReplies).toHaveCount(theme === "light" ? 1 : 2);
      const english = kimsReplies.last();
      // Measured once sent: a row on its way shows its state where the time will be, and may be wider or narrower.
      await expect(english.getByTestId("pending-state")).toHaveCount(0);
      await kim.mouse.move(0, 0);
      const before = await english.locator(".pk-bubble").boundingBox();
      await english.hover();
      await expect(english.getByRole("toolbar")).toBeVisible();
      const after = await english.locator(".pk-bubble").boundingBox();
      expect(after?.width).toBe(before?.width);
      expect(after?.height).toBe(before?.height);
      await shoot(kim, testInfo, `${language}-${theme}-thread-hover`);

      // The row of reactions opened from the bar on the parent's corner stays inside the narrow pane.
      if (theme === "light") {
        const parentInThread = thread.getByTestId("message").first();
        await parentInThread.hover();
        await parentInThread.getByRole("button", { name: words.react }).click();
        await kim.getByRole("button", { name: words.reactWith("👍") }).click();
        await expect(parentInThread.locator(".pk-reaction-chip")).toHaveText("👍1");
      }
      expect(await brokenWords(english.locator(".pk-bubble"))).toEqual([]);

      await kim.mouse.move(0, 0);
      await shoot(kim, testInfo, `${language}-${theme}-thread`);
      expect(await seriousViolations(kim), `${theme} thread`).toEqual([]);
      await thread.focus();
      await kim.keyboard.press("Escape");
      await expect(thread).toHaveCount(0);

      // The new-channel form: focus on its first field, Escape closes it and returns to the button.
      const newChannel = kim.getByRole("button", { name: words.newChannel });
      await newChannel.click();
      await expect(kim.getByLabel(words.channelName, { exact: true })).toBeFocused();
      expect(await seriousViolations(kim), `${theme} new-channel form`).toEqual([]);
      await kim.keyboard.press("Escape");
      await expect(kim.getByLabel(words.channelName, { exact: true })).toHaveCount(0);
      await expect(newChannel).toBeFocused();

      // The call screen while it rings and once it has ended, with its buttons readable in the theme.
      await channelItem(kim, "LEE").click();
      await kim.getByRole("button", { name: words.videoWith("LEE") }).click();
      const screen = kim.getByTestId("call-screen");
      await expect(screen.getByRole("button", { name: words.mute })).toBeVisible();
      for (const name of [words.mute, words.cameraOff, words.hangUp]) {
        const seen = await coloursOf(screen.getByRole("button", { name }));
        expect(contrast(seen.color, seen.background), `${theme} ${name}`).toBeGreaterThanOrEqual(4.5);
      }
      await shoot(kim, testInfo, `${language}-${theme}-call`);
      expect(await seriousViolations(kim), `${theme} call screen`).toEqual([]);
      await screen.getByRole("button", { name: words.hangUp }).click();
      const close = screen.getByRole("button", { name: words.close });
      const closed = await coloursOf(close);
      expect(contrast(closed.color, closed.background), `${theme} ${words.close}`).toBeGreaterThanOrEqual(4.5);
      await shoot(kim, testInfo, `${language}-${theme}-call-ended`);
      expect(await seriousViolations(kim), `${theme} ended call`).toEqual([]);
      await close.click();
      await expect(screen).toHaveCount(0);
      await expect(lee.getByRole("alertdialog")).toHaveCount(0);
    }
    await kim.context().close();
    await lee.context().close();
  });
}
