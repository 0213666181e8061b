import {
  BASE_FEE,
  CURRENCY_BY_LANGUAGE,
  DAU_CAP_PRICE,
  DAU_OVERAGE_PRICE,
  FREE_TRIAL_DAYS,
  type Language,
  MESSAGE_TIERS,
} from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { routes } from "@/app/routes";
import { i18n } from "@/i18n";
import { formatMoney, formatUnitPrice } from "@/lib/money";
import { renderRoutes } from "@/testing/test-utils";

const pages = [
  { name: "home", path: "/intro", titleKey: "intro.home.title", documentTitleKey: "intro.home.documentTitle" },
  {
    name: "product",
    path: "/intro/product",
    titleKey: "intro.product.title",
    documentTitleKey: "intro.product.documentTitle",
  },
  {
    name: "company",
    path: "/intro/company",
    titleKey: "intro.company.title",
    documentTitleKey: "intro.company.documentTitle",
  },
  { name: "terms", path: "/intro/terms", titleKey: "legal.terms.title", documentTitleKey: "legal.terms.title" },
  {
    name: "privacy",
    path: "/intro/privacy",
    titleKey: "legal.privacy.title",
    documentTitleKey: "legal.privacy.title",
  },
  {
    name: "free trial",
    path: "/intro/freetrial",
    titleKey: "intro.freeTrial.title",
    documentTitleKey: "intro.freeTrial.title",
  },
  {
    name: "partner",
    path: "/intro/partner",
    titleKey: "intro.partner.title",
    documentTitleKey: "intro.partner.documentTitle",
  },
] as const;
const languages: Language[] = ["ko", "en"];
const cases = languages.flatMap((language) => pages.map((page) => ({ language, ...page })));

/** Every amount of money the contract defines, as the site would print it in `language`. */
function contractPrices(language: Language): string[] {
  const currency = CURRENCY_BY_LANGUAGE[language];
  return [
    formatMoney(BASE_FEE[currency], currency, language),
    formatUnitPrice(DAU_CAP_PRICE[currency], currency, language),
    formatUnitPrice(DAU_OVERAGE_PRICE[currency], currency, language),
    ...MESSAGE_TIERS.map((tier) => formatUnitPrice(tier.price[currency], currency, language)),
  ];
}

const MONEY = /[₩$€]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:원|KRW|USD|dollars?)/g;

async function renderPage(path: string, language: Language) {
  await i18n.changeLanguage(language);
  const view = renderRoutes(routes, { initialEntries: [path] });
  await screen.findByRole("heading", { level: 1 });
  return view;
}

const t = (key: string) => i18n.t(key, { days: FREE_TRIAL_DAYS });

describe("public marketing pages", () => {
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it.each(cases)(
    "$name in $language has one h1, its own title, and headings in order",
    async ({ language, path, titleKey, documentTitleKey }) => {
      await renderPage(path, language);
      const main = screen.getByRole("main");
      const h1s = within(main).getAllByRole("heading", { level: 1 });
      expect(h1s).toHaveLength(1);
      expect(h1s[0]).toHaveTextContent(t(titleKey));
      // The title is set in an effect, which may run after the lazily loaded page is already in the DOM.
      await waitFor(() => expect(document.title).toBe(`${t(documentTitleKey)} · Parley`));

      const levels = within(main)
        .getAllByRole("heading")
        .map((heading) => Number(heading.tagName.slice(1)));
      expect(levels[0]).toBe(1);
      const skips = levels.filter((level, index) => index > 0 && level - (levels[index - 1] ?? 0) > 1);
      expect(skips).toEqual([]);
    },
  );

  it.each(cases)("$name in $language quotes no price the contract does not define", async ({ language, path }) => {
    await renderPage(path, language);
    const quoted = screen.getByRole("main").textContent?.match(MONEY) ?? [];
    const allowed = contractPrices(language);
    expect(quoted.filter((amount) => !allowed.includes(amount.replace(/\s/g, "")))).toEqual([]);
  });

  it.each(cases)("$name in $language leaves no template placeholder unfilled", async ({ language, path }) => {
    await renderPage(path, language);
    expect(screen.getByRole("main").textContent).not.toMatch(/\{\{/);
  });

  it.each(languages)("home in %s shows the paid plan's base fee from the contract", async (language) => {
    await renderPage("/intro", language);
    const currency = CURRENCY_BY_LANGUAGE[language];
    const baseFee = formatMoney(BASE_FEE[currency], currency, language);
    expect(screen.getByTestId("home-price")).toHaveTextContent(baseFee);
    // The price check above is only as good as its pattern: it must see the fee the page prints.
    expect(screen.getByRole("main").textContent?.match(MONEY)).toContain(baseFee);
  });

  it.each(languages)("home and free trial calls to action in %s lead to signup", async (language) => {
    const home = await renderPage("/intro", language);
    const main = screen.getByRole("main");
    for (const name of [i18n.t("intro.home.startTrial", { days: FREE_TRIAL_DAYS }), i18n.t("intro.home.ctaButton")]) {
      expect(within(main).getByRole("link", { name })).toHaveAttribute("href", "/signup");
    }
    home.unmount();

    await renderPage("/intro/freetrial", language);
    const links = within(screen.getByRole("main")).getAllByRole("link", { name: i18n.t("intro.freeTrial.cta") });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute("href", "/signup");
  });

  it("partner page sends inquiries to the contact form", async () => {
    await renderPage("/intro/partner", "en");
    const links = within(screen.getByRole("main")).getAllByRole("link", { name: i18n.t("intro.partner.cta") });
    for (const link of links) expect(link).toHaveAttribute("href", "/intro/contactus");
  });
});
