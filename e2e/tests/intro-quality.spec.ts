import { type Currency, MINOR_UNITS_PER_MAJOR, type MonthPrice, priceMonth } from "@parley/contract";
import type { Locator, Page } from "@playwright/test";
import { docTabs } from "../../packages/web/src/config/paths";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

// Its tests share nothing (each makes its own account or opens a public page), so they spread over the workers.
test.describe.configure({ mode: "parallel" });

const languages = ["ko", "en"] as const;
type Language = (typeof languages)[number];

const pages = [
  "/intro",
  "/intro/product",
  "/intro/docs",
  ...docTabs.map((tab) => `/intro/docs/${tab}`),
  "/intro/pricing",
  "/intro/company",
  "/intro/terms",
  "/intro/privacy",
  "/intro/contactus",
  "/intro/freetrial",
  "/intro/partner",
];

/**
 * The API references draw one entry's layout for each of some 150 operations and schemas, 15,000 elements on the REST
 * reference: axe took 20 s over it per language, most of the browser's time on this spec. Their scan covers the first
 * three entries of each group, the others hidden while it runs. The outline, the phone's width and the ids' uniqueness,
 * the one finding that grows with the entries' number, are checked over every entry.
 */
const REPEATED_ENTRIES: Record<string, string> = {
  "/intro/docs/rest-api": "section > section:nth-of-type(n+4)",
  "/intro/docs/dashboard-api": "section > section:nth-of-type(n+4)",
};

/** The pricing page quotes the currency an account signing up in that language would be billed in. */
const currencyOf: Record<Language, Currency> = { ko: "KRW", en: "USD" };

const PHONE = { width: 375, height: 812 };

/** Opens a public page in a language and waits until its lazy chunk and any fetched content are on screen. */
async function openPage(page: Page, path: string, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem("parley.language", lang), language);
  await page.goto(path);
  // A prerendered page is scanned once its script runs it (React, or the home page's small script), with transitions
  // off, so no control is caught half-way between two states (the contact form's button is disabled until then).
  await expect(page.locator("html[data-hydrated], html[data-enhanced]")).toHaveCount(1);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The REST reference fetches the OpenAPI document and shows a spinner until it arrives.
  await expect(page.getByRole("progressbar")).toHaveCount(0);
}

/** Headings as assistive technology lists them: rendered ones, with their level. */
function readHeadings(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6, [role=heading]")]
      .filter((element) => element.getClientRects().length > 0 && !element.closest("[aria-hidden=true]"))
      .map((element) => ({
        level: Number(element.getAttribute("aria-level") ?? element.tagName.slice(1)),
        text: (element.textContent ?? "").trim().slice(0, 60),
      })),
  );
}

/** Every place the outline skips a level or has other than one h1, described for the failure message. */
function headingProblems(headings: { level: number; text: string }[]): string[] {
  const problems: string[] = [];
  const h1Count = headings.filter((heading) => heading.level === 1).length;
  if (h1Count !== 1) problems.push(`expected exactly one h1, found ${h1Count}`);
  if (headings[0] && headings[0].level !== 1) problems.push(`the first heading is h${headings[0].level}`);
  headings.forEach((heading, index) => {
    const previous = headings[index - 1];
    if (previous && heading.level > previous.level + 1) {
      problems.push(`h${previous.level} "${previous.text}" is followed by h${heading.level} "${heading.text}"`);
    }
  });
  return problems;
}

/** Presses Tab until `target` has focus, as a keyboard user would reach it, failing if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached with ${maxPresses} presses of Tab`);
}

for (const language of languages) {
  test.describe(`public site (${language})`, () => {
    for (const path of pages) {
      // One page load serves both checks: the page is scanned at the desktop width, then laid out on a phone.
      test(`${path} has no serious WCAG violations, an outline without skipped levels, and fits a 375 px phone (${language})`, async ({
        page,
      }) => {
        await openPage(page, path, language);
        const repeated = REPEATED_ENTRIES[path];
        const hidden = repeated
          ? await page.addStyleTag({ content: `${repeated} { display: none !important; }` })
          : undefined;
        const violations = await seriousViolations(page);
        await hidden?.evaluate((style) => style.parentNode?.removeChild(style));
        expect.soft(violations, `axe violations on ${path}:\n${violations.join("\n")}`).toEqual([]);
        const problems = headingProblems(await readHeadings(page));
        expect.soft(problems, `heading outline of ${path}:\n${problems.join("\n")}`).toEqual([]);
        const duplicateIds = await page.evaluate(() => {
          const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
          return ids.filter((id, index) => ids.indexOf(id) !== index);
        });
        expect.soft(duplicateIds, `ids used twice on ${path}`).toEqual([]);

        await page.setViewportSize(PHONE);
        await page.evaluate(() => window.scrollTo(0, 0));
        const overflow = await page.evaluate(() => {
          const width = window.innerWidth;
          const pastEdge = [...document.querySelectorAll<HTMLElement>("body *")]
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120))
            .slice(0, 5);
          return { scrollWidth: document.documentElement.scrollWidth, width, pastEdge };
        });
        expect(overflow.width).toBe(PHONE.width);
        expect(
          overflow.scrollWidth,
          `${path} is ${overflow.scrollWidth}px wide on a ${overflow.width}px screen; past the edge: ${overflow.pastEdge.join(", ")}`,
        ).toBeLessThanOrEqual(overflow.width);
        await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
      });
    }
  });

  test(`the pricing calculator quotes the fee the invoice would charge (${language})`, async ({ page }) => {
    const currency = currencyOf[language];
    await openPage(page, "/intro/pricing", language);
    // Each case must reach the branch of the price list it is named for, or the test proves less than it says.
    const cases = [
      {
        name: "within the base inclusion",
        input: { dailyActiveUsers: 1_000, messages: 500_000, channels: 100, days: 30 },
        reaches: (price: MonthPrice) => price.lines.length === 1,
      },
      {
        name: "with DAU overage",
        input: { dailyActiveUsers: 3_000, messages: 800_000, channels: 500, days: 30 },
        reaches: (price: MonthPrice) => price.lines.some((line) => line.kind === "dau") && !price.capApplied,
      },
      {
        name: "at the average-DAU cap",
        input: { dailyActiveUsers: 2_000, messages: 20_000_000, channels: 1_000, days: 31 },
        reaches: (price: MonthPrice) => price.capApplied,
      },
    ];
    for (const { name, input, reaches } of cases) {
      const price = priceMonth({
        currency,
        messages: input.messages,
        cumulativeDau: input.dailyActiveUsers * input.days,
        daysInService: input.days,
        daysInMonth: input.days,
      });
      expect(reaches(price), name).toBe(true);

      for (const field of ["dailyActiveUsers", "messages", "channels", "days"] as const) {
        await page.getByTestId(`calculator-${field}`).fill(String(input[field]));
      }
      // Formatted by the browser with the page's own options (lib/money.ts), so both sides use one ICU.
      const [fee, total] = await page.evaluate(
        ({ amounts, currency, language, minorPerMajor }) => {
          const digits = Math.round(Math.log10(minorPerMajor));
          const format = new Intl.NumberFormat(language, {
            style: "currency",
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          });
          return amounts.map((minor) => format.format(minor / minorPerMajor));
        },
        { amounts: [price.fee, price.total], currency, language, minorPerMajor: MINOR_UNITS_PER_MAJOR[currency] },
      );
      await expect(page.getByTestId("calculator-line-fee"), name).toHaveText(fee ?? "");
      await expect(page.getByTestId("calculator-line-total"), name).toHaveText(total ?? "");
    }
  });
}

test("the header's links and language switch work from the keyboard", async ({ page }) => {
  await openPage(page, "/intro", "ko");
  await tabTo(page, page.getByRole("navigation").getByRole("link", { name: "요금", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/intro\/pricing$/);
  // The home page's link loads the pricing page whole, prerendered: its language switch is React's once it has
  // hydrated, and a key pressed on it before then does nothing.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

  const english = page.getByRole("button", { name: "EN" });
  await tabTo(page, english);
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(english).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Pricing", exact: true })).toBeVisible();
});

test.describe("the phone header", () => {
  test.use({ viewport: PHONE });

  // The home page's menu is wired by its small script, every other page's by React.
  for (const [start, runner] of [
    ["/intro?lang=en", "data-enhanced"],
    ["/intro/product?lang=en", "data-hydrated"],
  ] as const) {
    test(`opens its menu with Enter, closes it with Escape and follows a link from it (${start})`, async ({ page }) => {
      await openPage(page, start, "en");
      await expect(page.locator("html")).toHaveAttribute(runner, "");
      const menuButton = page.getByRole("button", { name: "Site menu" });
      const pricing = page.getByRole("link", { name: "Pricing", exact: true });
      await expect(pricing).toBeHidden();

      await tabTo(page, menuButton);
      await page.keyboard.press("Enter");
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      await expect(pricing).toBeVisible();
      const violations = await seriousViolations(page, "header");
      expect.soft(violations, `axe violations in the open menu:\n${violations.join("\n")}`).toEqual([]);

      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Product", exact: true })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await expect(menuButton).toBeFocused();
      await expect(pricing).toBeHidden();

      await page.keyboard.press("Enter");
      await tabTo(page, pricing);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/intro\/pricing$/);
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    });
  }
});
