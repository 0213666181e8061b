import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { languages, text } from "./texts";

for (const language of languages) {
  const t = (key: string) => text(language, key);

  test(`message search: finds a Korean word inside a longer one and English in another case, and opens the chat at the message (${language})`, async ({
    page,
    request,
  }) => {
    const session = await accountSession(request, language);
    const auth = { authorization: `Bearer ${session.sessionToken}` };
    const { app } = await (
      await request.post("/api/apps", { headers: auth, data: { name: `Search ${language}` } })
    ).json();
    const appId = app.id as string;
    const { secret } = await (
      await request.post(`/api/apps/${appId}/api-keys`, { headers: auth, data: { label: "e2e" } })
    ).json();
    const server = { authorization: `Bearer ${secret}` };
    // Kim sends the searched messages; four others send the filler, 15 each at once, under the chat API's limit of 20
    // requests a second per user, so the set-up needs no pause and takes seconds even on a busy machine.
    const senders = ["kim", "filler-1", "filler-2", "filler-3", "filler-4"];
    for (const userId of senders) {
      await request.post("/v1/users", { headers: server, data: { userId, nickname: userId } });
    }
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lounge", userIds: senders } })
    ).json();
    const sessionOf = async (userId: string) => {
      const { token } = await (await request.post(`/v1/users/${userId}/token`, { headers: server, data: {} })).json();
      const { sessionToken } = await (await request.post("/v1/auth/login", { data: { appId, userId, token } })).json();
      return { authorization: `Bearer ${sessionToken}` };
    };
    const send = async (headers: Record<string, string>, body: string) => {
      const sent = await request.post(`/v1/channels/${channel.id}/messages`, { headers, data: { text: body } });
      expect(sent.status(), await sent.text()).toBe(200);
    };
    // The two searched messages first, in order (the chat opens at seq 1), then enough filler to push them off the
    // chat's first page.
    const kim = await sessionOf("kim");
    await send(kim, "모두안녕하세요 반가워요");
    await send(kim, "The DEPLOYMENT is done");
    await Promise.all(
      senders.slice(1).map(async (userId, n) => {
        const filler = await sessionOf(userId);
        await Promise.all(Array.from({ length: 15 }, (_, i) => send(filler, `filler ${n * 15 + i}`)));
      }),
    );

    await signInBrowser(page, session, language);
    await page.goto(`/apps/${appId}`);
    await page
      .getByRole("link", { name: t("nav.app.messageSearch") })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: t("pages.messageSearch") })).toBeVisible();

    const query = page.getByRole("textbox", { name: t("messageSearch.query") });
    await query.fill("안녕");
    await page.getByRole("button", { name: t("messageSearch.submit") }).click();
    const results = page.getByTestId("search-result");
    await expect(results).toHaveCount(1);
    await expect(results.first().locator("mark")).toHaveText("안녕");

    await query.fill("deploy");
    await page.getByRole("button", { name: t("messageSearch.submit") }).click();
    await expect(results).toHaveCount(1);
    await expect(results.first().locator("mark")).toHaveText("DEPLOY");

    // The first message is older than the chat's first page, so opening it loads history back to it.
    await query.fill("반가워");
    await page.getByRole("button", { name: t("messageSearch.submit") }).click();
    await expect(results).toHaveCount(1);
    await results
      .first()
      .getByRole("link", { name: t("messageSearch.openInContext") })
      .click();
    await expect(page).toHaveURL(new RegExp(`/apps/${appId}/channels/${channel.id}\\?seq=1$`));
    await expect(page.getByText("모두안녕하세요 반가워요")).toBeInViewport();
  });
}
