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
    await request.post("/v1/users", { headers: server, data: { userId: "kim", nickname: "Kim" } });
    const { channel } = await (
      await request.post("/v1/channels", { headers: server, data: { name: "Lounge", userIds: ["kim"] } })
    ).json();
    const { token } = await (await request.post("/v1/users/kim/token", { headers: server, data: {} })).json();
    const { sessionToken } = await (
      await request.post("/v1/auth/login", { data: { appId, userId: "kim", token } })
    ).json();
    const kim = { authorization: `Bearer ${sessionToken}` };
    const send = async (body: string) => {
      const sent = await request.post(`/v1/channels/${channel.id}/messages`, { headers: kim, data: { text: body } });
      expect(sent.status(), await sent.text()).toBe(200);
    };
    // The two searched messages first, in order (the chat opens at seq 1), then enough filler to push them off the
    // chat's first page. The filler goes in bursts of 10 a second: the chat API allows a user 20 requests a second, and
    // a burst slow to arrive can share the server's window with the next. The set-up so takes seconds on a busy
    // machine rather than a round trip a message.
    await send("모두안녕하세요 반가워요");
    await send("The DEPLOYMENT is done");
    const fillers = Array.from({ length: 60 }, (_, i) => `filler ${i}`);
    for (let start = 0; start < fillers.length; start += 10) {
      const window = new Promise((resolve) => setTimeout(resolve, 1100));
      await Promise.all(fillers.slice(start, start + 10).map(send));
      await window;
    }

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
