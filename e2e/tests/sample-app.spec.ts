import type { Browser, Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { guestSampleApp, SAMPLE_WORDS, signInToSample, useSampleApp } from "./sample-host";

const sample = useSampleApp();

/** The words of the sample's UI the test looks for, in each language it ships. */
const UI = {
  en: {
    ...SAMPLE_WORDS.en,
    unreadOne: "1 unread message",
    unreadTwo: "2 unread messages",
    mentioned: "You were mentioned",
    typing: (name: string) => `${name} is typing…`,
    react: "Add reaction",
    reactWith: (emoji: string) => `React with ${emoji}`,
    reply: "Reply",
    thread: "Thread",
    oneReply: "1 reply",
    openType: "Open",
  },
  ko: {
    ...SAMPLE_WORDS.ko,
    unreadOne: "읽지 않은 메시지 1개",
    unreadTwo: "읽지 않은 메시지 2개",
    mentioned: "나를 언급한 메시지가 있습니다",
    typing: (name: string) => `${name} 님이 입력 중…`,
    react: "리액션 추가",
    reactWith: (emoji: string) => `${emoji} 리액션 남기기`,
    reply: "답글",
    thread: "스레드",
    oneReply: "답글 1개",
    openType: "오픈",
  },
} as const;

type Language = keyof typeof UI;

/** Opens the sample in a browser of its own (its own storage), in `language`, signed in as a guest. */
function signIn(browser: Browser, language: Language, server: string, appId: string, userId: string) {
  return signInToSample(browser, sample.url(), language, { server, appId, userId });
}

/** Makes a channel from the kit's form: public, or open when `open` is set. */
async function createChannel(page: Page, language: Language, name: string, open = false) {
  const words = UI[language];
  await page.getByRole("button", { name: words.newChannel }).click();
  await page.getByLabel(words.channelName, { exact: true }).fill(name);
  if (open) await page.getByRole("radio", { name: new RegExp(`^${words.openType}`) }).check();
  await page.getByRole("button", { name: words.create, exact: true }).click();
  await expect(page.locator(".pk-channel-header h2")).toContainText(name);
}

const channelItem = (page: Page, name: string) => page.getByTestId("channel-item").filter({ hasText: name });

for (const language of ["en", "ko"] as const) {
  test(`${language}: a message to a channel the user is not viewing raises its unread badge; typing, reactions, a thread and a file reach the other user`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const words = UI[language];
    const app = { id: await guestSampleApp(request, language, "Sample") };

    // The sample is served from its own origin, so every call it makes to the server crosses origins (CORS).
    const kim = await signIn(browser, language, baseURL as string, app.id, "kim");
    await createChannel(kim, language, "General");
    const lee = await signIn(browser, language, baseURL as string, app.id, "lee");
    // Random is an open channel, made from the kit's type choice and tagged as such in the list.
    await createChannel(lee, language, "Random", true);
    await expect(channelItem(lee, "Random").getByTestId("open-tag")).toHaveText(words.openType);
    await lee.getByRole("button", { name: words.refresh }).click();
    await lee.locator(".pk-channel-list button", { hasText: "General" }).click();
    await expect(lee.locator(".pk-channel-header h2")).toContainText("General");
    await channelItem(lee, "Random").click();
    await expect(lee.locator(".pk-channel-header h2")).toContainText("Random");

    // Kim writes in General while Lee looks at Random: Lee's list counts it, and so does the tab's title.
    const kimBox = kim.getByRole("combobox", { name: words.message, exact: true });
    await kimBox.fill("Lunch at noon?");
    await kimBox.press("Enter");
    const badge = channelItem(lee, "General").getByTestId("unread-badge");
    await expect(badge).toContainText("1");
    await expect(badge).toContainText(words.unreadOne);
    await expect(lee).toHaveTitle(/^\(1\) /);
    await expect(channelItem(lee, "Random").getByTestId("unread-badge")).toHaveCount(0);

    // A mention picked from the list marks the badge as a mention.
    await kimBox.pressSequentially("@le");
    await kim.getByRole("option", { name: /LEE/ }).click();
    await kimBox.pressSequentially("can you book a table?");
    await kimBox.press("Enter");
    await expect(badge).toContainText(words.unreadTwo);
    await expect(badge).toContainText(words.mentioned);

    // Opening the channel reads it: the badge goes, the mention is highlighted for Lee.
    await channelItem(lee, "General").click();
    await expect(badge).toHaveCount(0);
    await expect(lee).not.toHaveTitle(/^\(/);
    await expect(lee.locator("mark.pk-mention-me")).toHaveText("@LEE");

    // Kim types: Lee sees it while Kim types, and no longer once Kim has sent.
    const typing = lee.getByTestId("typing-indicator");
    await kimBox.pressSequentially("On my way");
    await expect(typing).toHaveText(words.typing("KIM"));
    await kimBox.press("Enter");
    await expect(typing).toHaveText("");

    // Lee reacts to Kim's first message; Kim sees the count arrive.
    const question = lee.getByTestId("message").filter({ hasText: "Lunch at noon?" });
    await question.hover();
    await question.getByRole("button", { name: words.react }).click();
    await lee.getByRole("button", { name: words.reactWith("👍") }).click();
    await expect(
      kim.getByTestId("message").filter({ hasText: "Lunch at noon?" }).locator(".pk-reaction-chip"),
    ).toHaveText("👍1");

    // Lee answers the question in a thread; Kim sees its reply count and opens it.
    await question.hover();
    await question.getByRole("button", { name: words.reply, exact: true }).click();
    const leeThread = lee.getByRole("complementary", { name: words.thread });
    const threadBox = leeThread.getByRole("combobox", { name: words.message, exact: true });
    await threadBox.fill("Noodles, please");
    await threadBox.press("Enter");
    await expect(leeThread.getByTestId("message").filter({ hasText: "Noodles, please" })).toBeVisible();
    const repliesLink = kim
      .getByTestId("message")
      .filter({ hasText: "Lunch at noon?" })
      .getByRole("button", { name: words.oneReply });
    await repliesLink.click();
    await expect(
      kim
        .getByRole("complementary", { name: words.thread })
        .getByTestId("message")
        .filter({ hasText: "Noodles, please" }),
    ).toBeVisible();

    // Kim sends a file; it goes up with the session and reaches Lee as a link.
    await kim.getByTestId("file-input").setInputFiles({
      name: "menu.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("noodles, dumplings"),
    });
    await expect(kim.getByRole("link", { name: "menu.txt" })).toBeVisible();
    await expect(lee.getByRole("link", { name: "menu.txt" })).toBeVisible();

    // The chat, with unread badges, mentions, reactions and a file, passes an accessibility scan.
    expect(await seriousViolations(lee)).toEqual([]);

    await kim.context().close();
    await lee.context().close();
  });
}
