import fs from "node:fs";
import type { APIRequestContext, APIResponse, Browser, Page } from "@playwright/test";
import { paths } from "../../packages/web/src/config/paths";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";
import { PASSWORD } from "./support";

// Its tests share nothing (each makes its own account or opens a public page), so they spread over the workers.
test.describe.configure({ mode: "parallel" });

const languages = ["ko", "en"] as const;
type Language = (typeof languages)[number];
type Who = "customer" | "admin" | "visitor";

/** Every route pattern of the web app's route table, so a route added there is scanned without touching this file. */
function routePatterns(tree: unknown): string[] {
  if (typeof tree !== "object" || tree === null) return [];
  if ("path" in tree && typeof tree.path === "string" && "getHref" in tree) return [tree.path];
  return Object.values(tree).flatMap(routePatterns);
}

/** The web app's own texts, so the test finds a button by what it says in either language, whatever the copy. */
function texts(language: Language) {
  const read = (part: string): Record<string, unknown> =>
    JSON.parse(
      fs.readFileSync(new URL(`../../packages/web/src/i18n/locales/${language}/${part}.json`, import.meta.url), "utf8"),
    );
  const parts = [read("public"), read("app")];
  return (key: string, values: Record<string, string> = {}) => {
    for (const part of parts) {
      const found = key.split(".").reduce<unknown>((node, name) => (node as Record<string, unknown>)?.[name], part);
      if (typeof found === "string") return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
    }
    throw new Error(`no text ${key} in ${language}`);
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(request: APIRequestContext, email: string) {
  const response = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { sessionToken: string; email: string };
}

/** The body of a call that must succeed; a refusal fails the test with the server's own answer. */
async function okJson<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/**
 * A customer whose pages all have something to show: the notice feature on, an app with two chat users, a channel
 * with messages, a brand, a draft and a sent bulk message; and an admin to open the admin pages.
 */
async function seed(request: APIRequestContext, language: Language) {
  const first = await accountSession(request, language);
  expect((await request.put("/api/testing/notice-feature", { data: { email: first.email, enabled: true } })).ok()).toBe(
    true,
  );
  // Logged in again, so the session state carries the flag as a fresh login would.
  const customer = await login(request, first.email);
  const auth = { headers: bearer(customer.sessionToken) };
  const { app } = await okJson<{ app: { id: string } }>(request.post("/api/apps", { ...auth, data: { name: "Shop" } }));
  const { secret } = await okJson<{ secret: string }>(
    request.post(`/api/apps/${app.id}/api-keys`, { ...auth, data: { label: "server" } }),
  );
  const server = { headers: bearer(secret) };
  for (const userId of ["kim", "lee"]) {
    await okJson(request.post("/v1/users", { ...server, data: { userId, nickname: userId.toUpperCase() } }));
  }
  const { channel } = await okJson<{ channel: { id: string } }>(
    request.post("/v1/channels", { ...server, data: { name: "Lobby", userIds: ["kim", "lee"] } }),
  );
  for (const text of ["Hello there", "The sale starts at nine"]) {
    await okJson(request.post(`/v1/channels/${channel.id}/messages`, { ...server, data: { text } }));
  }

  const notice = `/api/apps/${app.id}/notice`;
  const { brand } = await okJson<{ brand: { id: string } }>(
    request.post(`${notice}/brands`, { ...auth, data: { name: "Parley Shop", description: "Spring deals" } }),
  );
  const message = { brandId: brand.id, title: "Spring sale", content: "Hello {{user.name}}, the sale has started." };
  const { campaign: draft } = await okJson<{ campaign: { id: string } }>(
    request.post(`${notice}/campaigns`, { ...auth, data: message }),
  );
  const { campaign: sent } = await okJson<{ campaign: { id: string } }>(
    request.post(`${notice}/campaigns`, { ...auth, data: message }),
  );
  await okJson(
    request.post(`${notice}/campaigns/${sent.id}/recipients`, {
      ...auth,
      multipart: { file: { name: "recipients.csv", mimeType: "text/csv", buffer: Buffer.from("userId\nkim\nlee\n") } },
    }),
  );
  await okJson(request.post(`${notice}/campaigns/${sent.id}/confirm`, { ...auth, data: {} }));
  // Sent by the job queue; the detail, report and resend pages are about a finished send.
  await expect
    .poll(async () => {
      const { campaign } = await okJson<{ campaign: { status: string } }>(
        request.get(`${notice}/campaigns/${sent.id}`, auth),
      );
      return campaign.status;
    })
    .toBe("sent");

  const adminAccount = await accountSession(request, language);
  expect((await request.put("/api/testing/role", { data: { email: adminAccount.email, role: "admin" } })).ok()).toBe(
    true,
  );
  const admin = await login(request, adminAccount.email);
  const { companies } = await okJson<{ companies: { id: string }[] }>(
    request.get(`/api/admin/companies?q=${encodeURIComponent(customer.email)}`, {
      headers: bearer(admin.sessionToken),
    }),
  );
  const companyId = companies[0]?.id ?? "";

  return {
    customer,
    admin,
    appId: app.id,
    channelId: channel.id,
    /** The value of each route parameter, by the pattern it appears in. */
    param(name: string, pattern: string): string | undefined {
      if (name === "campaignId") return pattern.endsWith("/draft") ? draft.id : sent.id;
      return { appId: app.id, channelId: channel.id, brandId: brand.id, companyId }[name];
    },
  };
}

/** A concrete address for a route pattern: optional parameters left out, required ones filled in. */
function addressOf(pattern: string, param: (name: string, pattern: string) => string | undefined): string {
  return pattern.replace(/\/:\w+\?/g, "").replace(/:(\w+)/g, (_, name: string) => {
    const value = param(name, pattern);
    if (!value) throw new Error(`no value for :${name} of ${pattern}; add one to seed()`);
    return encodeURIComponent(value);
  });
}

/** Opens a browser of its own in which the app runs in `language`, signed in with `session` when given. */
async function openBrowser(browser: Browser, language: Language, session?: object): Promise<Page> {
  // A context of its own, so the visitor, the customer and the admin each keep their own storage and session.
  const page = await (await browser.newContext()).newPage();
  // Transitions off, so no control is scanned half-way between two colours.
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "*, *::before, *::after { transition: none !important; }";
      document.head.append(style);
    }),
  );
  if (session) await signInBrowser(page, session, language);
  else await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
  return page;
}

/**
 * Shows `address` in the page: by the router, as a link in the app would, once the app runs there (a full load of
 * each of some fifty routes would take most of the test's time); by loading it otherwise. Then waits until the page
 * is live in its language, shows its own heading and nothing is loading any more.
 */
async function visit(page: Page, address: string, language: Language) {
  if (new URL(page.url()).pathname !== address) {
    const isApp = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")).catch(() => false);
    if (isApp) {
      await page.evaluate((to) => {
        // Every page has its own heading; marked, the old one tells the wait below the new route is not there yet.
        for (const heading of document.querySelectorAll("h1")) heading.setAttribute("data-left", "");
        // The entry the router itself would push (its state carries a key and an index), then the event it hears.
        const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
        window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, "", to);
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      }, address);
    } else {
      await page.goto(address);
    }
  }
  // Checked in the page on every frame rather than by polling from here, which would add its intervals to each page.
  await page
    .waitForFunction(
      (lang) => {
        const html = document.documentElement;
        if (!html.hasAttribute("data-hydrated") && !html.hasAttribute("data-enhanced")) return false;
        if (html.lang !== lang) return false;
        const isShown = (element: Element) =>
          element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
        if (![...document.querySelectorAll("h1:not([data-left])")].some(isShown)) return false;
        // Skeletons carry aria-busy; a spinner is a progress bar without a value.
        const loading = document.querySelectorAll('[aria-busy="true"], [role="progressbar"]:not([aria-valuenow])');
        return ![...loading].some(isShown);
      },
      language,
      { polling: "raf", timeout: 15_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${page.url()} did not settle in ${language}: ${error.message}`);
    });
}

for (const language of languages) {
  test(`every route and the main dialogs have no serious or critical axe violations (${language})`, async ({
    browser,
    request,
  }) => {
    // The longest browser test: about 80 s alone, and over 180 s in CI beside the other language's scan and the
    // PostgreSQL and multi-process stages on two cores. The limit guards against a hang, not a speed.
    test.setTimeout(420_000);
    const t = texts(language);
    const data = await seed(request, language);
    const pages = {
      customer: await openBrowser(browser, language, data.customer),
      admin: await openBrowser(browser, language, data.admin),
      visitor: await openBrowser(browser, language),
    };
    const customer = pages.customer;
    const scanned = new Set<string>();

    const scan = async (page: Page, label: string) => {
      const violations = await seriousViolations(page);
      expect.soft(violations, `axe on ${label} (${language}):\n${violations.join("\n")}`).toEqual([]);
    };

    for (const pattern of [...new Set(routePatterns(paths))]) {
      const address = addressOf(pattern, data.param);
      await test.step(pattern, async () => {
        // Each route is seen by whoever it is for: the customer, the admin where the customer is not allowed, the
        // visitor where both are sent on (the login page). A route that sends everyone on (/, an app's own address)
        // is scanned where it sends the customer.
        let shown: { who: Who; landed: string } | undefined;
        for (const who of ["customer", "admin", "visitor"] as const) {
          await visit(pages[who], address, language);
          const landed = new URL(pages[who].url()).pathname;
          if (landed === address) {
            shown = { who, landed };
            break;
          }
        }
        shown ??= { who: "customer", landed: new URL(pages.customer.url()).pathname };
        // A redirect to a page already scanned adds nothing.
        const key = `${shown.who} ${shown.landed}`;
        if (scanned.has(key)) return;
        scanned.add(key);
        await scan(
          pages[shown.who],
          `${address} as ${shown.who}${shown.landed === address ? "" : ` at ${shown.landed}`}`,
        );
      });
    }

    const { appId, channelId } = data;
    await test.step("the create-app dialog", async () => {
      await visit(customer, paths.apps.list.getHref(), language);
      await customer
        .getByRole("main")
        .getByRole("button", { name: t("nav.createApp") })
        .click();
      await expect(customer.getByRole("dialog")).toBeVisible();
      await scan(customer, "the create-app dialog");
    });

    await test.step("the create-channel dialog", async () => {
      await visit(customer, paths.apps.channels.getHref(appId), language);
      await customer.getByRole("button", { name: t("channels.create") }).click();
      await expect(customer.getByRole("dialog")).toBeVisible();
      await scan(customer, "the create-channel dialog");
    });

    await test.step("the mute dialog, empty and refused", async () => {
      await visit(customer, paths.apps.channel.getHref(appId, channelId), language);
      await customer.getByRole("button", { name: t("members.actionsFor", { name: "LEE" }) }).click();
      await customer.getByRole("menuitem", { name: t("members.mute") }).click();
      const dialog = customer.getByRole("dialog");
      await expect(dialog.getByRole("spinbutton", { name: t("members.muteMinutes") })).toBeFocused();
      await scan(customer, "the mute dialog");
      await dialog.getByRole("button", { name: t("members.mute") }).click();
      await expect(dialog.getByText(t("VALIDATION_REQUIRED"))).toBeVisible();
      await scan(customer, "the mute dialog with its error");
    });

    // The route table must really have been walked, not skipped by a broken lookup.
    expect(scanned.size).toBeGreaterThan(30);
  });
}
