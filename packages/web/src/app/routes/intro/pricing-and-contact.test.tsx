import { BASE_FEE, CURRENCY_BY_LANGUAGE, type Language, PLAN_TYPES, TRIAL_MONTHLY_MESSAGES } from "@parley/contract";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { routes } from "@/app/routes";
import { i18n } from "@/i18n";
import { formatMoney } from "@/lib/money";
import { clearSession, setSession } from "@/lib/session";
import { renderRoutes, sessionFor } from "@/testing/test-utils";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe("pricing and contact pages", () => {
  afterEach(async () => {
    clearSession();
    await i18n.changeLanguage("ko");
  });

  it.each(["ko", "en"] as Language[])(
    "pricing in %s quotes the plan in the UI language's currency",
    async (language) => {
      await i18n.changeLanguage(language);
      const currency = CURRENCY_BY_LANGUAGE[language];
      renderRoutes(routes, { initialEntries: ["/intro/pricing"] });

      expect(await screen.findByRole("heading", { level: 1, name: t("intro.pricing.title") })).toBeVisible();
      expect(screen.getByTestId("pricing-base-fee")).toHaveTextContent(
        formatMoney(BASE_FEE[currency], currency, language),
      );
      expect(
        screen.getByText(
          t("intro.pricing.trial.body", { messages: new Intl.NumberFormat(language).format(TRIAL_MONTHLY_MESSAGES) }),
        ),
      ).toBeVisible();
      expect(screen.getByRole("heading", { level: 2, name: t("intro.pricing.calculator.title") })).toBeVisible();
      expect(screen.getByTestId("calculator-line-total")).toHaveTextContent(currency === "KRW" ? "₩" : "$");
      // Plan type codes are the API's; visitors read the plans' names.
      for (const code of PLAN_TYPES) expect(document.body).not.toHaveTextContent(code);
    },
  );

  it("opens the contact form for a signed-in user as well", async () => {
    setSession(sessionFor());
    renderRoutes(routes, { initialEntries: ["/intro/contactus"] });
    expect(await screen.findByRole("form", { name: t("intro.contactUs.form.label") })).toBeVisible();
  });
});
