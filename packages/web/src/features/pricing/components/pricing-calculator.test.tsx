import { CURRENCY_BY_LANGUAGE, DAU_CAP_PRICE, type Language, priceMonth } from "@parley/contract";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { formatMoney, formatUnitPrice } from "@/lib/money";
import { inputByLabel, renderWithRouter } from "@/testing/test-utils";
import type { CalculatorField } from "../lib/calculator-input";
import { PricingCalculator } from "./pricing-calculator";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const label = (field: CalculatorField) => t(`intro.pricing.calculator.fields.${field}.label`);

const cases = [
  { name: "overage above the cap", dailyActiveUsers: 3_000, messages: 2_500_000, channels: 500, days: 30 },
  { name: "usage inside the inclusions", dailyActiveUsers: 500, messages: 800_000, channels: 20, days: 31 },
  { name: "overage below the cap", dailyActiveUsers: 100_000, messages: 5_000_000, channels: 9_000, days: 28 },
  { name: "three message tiers", dailyActiveUsers: 4_000_000, messages: 150_000_000, channels: 0, days: 30 },
];

async function enter(user: ReturnType<typeof renderWithRouter>["user"], field: CalculatorField, value: number) {
  const input = inputByLabel(label(field));
  await user.clear(input);
  await user.type(input, String(value));
}

const amountOf = (key: string) => screen.getByTestId(`calculator-line-${key}`).textContent;

describe("PricingCalculator", () => {
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  for (const language of ["ko", "en"] as Language[]) {
    const currency = CURRENCY_BY_LANGUAGE[language];
    it.each(cases)(`shows priceMonth's figures in ${currency} for $name`, async (input) => {
      await i18n.changeLanguage(language);
      const { user } = renderWithRouter(<PricingCalculator currency={currency} />);
      for (const field of ["dailyActiveUsers", "messages", "channels", "days"] as const) {
        await enter(user, field, input[field]);
      }

      const expected = priceMonth({
        currency,
        messages: input.messages,
        cumulativeDau: input.dailyActiveUsers * input.days,
        daysInService: input.days,
        daysInMonth: input.days,
      });
      const money = (minor: number) => formatMoney(minor, currency, language);
      const messageLines = expected.lines.filter((line) => line.kind === "messages");
      const dauLine = expected.lines.find((line) => line.kind === "dau");

      expect(amountOf("base")).toBe(money(expected.lines[0]?.amount ?? -1));
      messageLines.forEach((line, index) => {
        expect(amountOf(`messages-${index}`)).toBe(money(line.amount));
      });
      expect(screen.queryByTestId(`calculator-line-messages-${messageLines.length}`)).toBeNull();
      if (dauLine) expect(amountOf("dau")).toBe(money(dauLine.amount));
      else expect(screen.queryByTestId("calculator-line-dau")).toBeNull();
      expect(amountOf("subtotal")).toBe(money(expected.subtotal));
      expect(amountOf("cap")).toBe(money(expected.cap));
      expect(amountOf("fee")).toBe(money(expected.fee));
      expect(amountOf("vat")).toBe(money(expected.vat));
      expect(amountOf("total")).toBe(money(expected.total));
      const capKey = expected.capApplied ? "capApplied" : "capNotApplied";
      const capText = t(`intro.pricing.calculator.explain.${capKey}`, {
        dau: new Intl.NumberFormat(language).format(input.dailyActiveUsers),
        capPrice: formatUnitPrice(DAU_CAP_PRICE[currency], currency, language),
      });
      expect(screen.getByText(capText)).toBeInTheDocument();
    });
  }

  it("covers capped and uncapped months and every message tier among its cases", () => {
    const prices = cases.map((input) =>
      priceMonth({
        currency: "KRW",
        messages: input.messages,
        cumulativeDau: input.dailyActiveUsers * input.days,
        daysInService: input.days,
        daysInMonth: input.days,
      }),
    );
    expect(prices.some((price) => price.capApplied)).toBe(true);
    expect(prices.some((price) => !price.capApplied && price.lines.length > 1)).toBe(true);
    expect(Math.max(...prices.map((price) => price.lines.filter((line) => line.kind === "messages").length))).toBe(3);
  });

  it("says channels are not charged, whatever their number", async () => {
    const { user } = renderWithRouter(<PricingCalculator currency="KRW" />);
    const before = amountOf("total");
    await enter(user, "channels", 1_000_000);
    expect(amountOf("total")).toBe(before);
    expect(
      screen.getByText(t("intro.pricing.calculator.channelsFree", { channels: (1_000_000).toLocaleString("ko") })),
    ).toBeInTheDocument();
  });

  it("accepts a number written with commas and prices it as the same number", async () => {
    const { user } = renderWithRouter(<PricingCalculator currency="KRW" />);
    const input = inputByLabel(label("messages"));
    await user.clear(input);
    await user.type(input, "5000000");
    const plain = amountOf("total");
    await user.clear(input);
    await user.type(input, "5,000,000");
    expect(screen.queryByText(t("intro.pricing.calculator.problems.integer"))).toBeNull();
    expect(amountOf("total")).toBe(plain);
    await user.clear(input);
    await user.type(input, "5,00,000");
    expect(screen.getByText(t("intro.pricing.calculator.problems.integer"))).toBeVisible();
  });

  it("groups large numbers in the UI language, from the start and once a field is left", async () => {
    const { user } = renderWithRouter(<PricingCalculator currency="KRW" />);
    expect(inputByLabel(label("messages"))).toHaveValue("2,500,000");
    const dau = inputByLabel(label("dailyActiveUsers"));
    await user.clear(dau);
    await user.type(dau, "1234567");
    expect(dau).toHaveValue("1234567");
    await user.tab();
    expect(dau).toHaveValue("1,234,567");
  });

  it("treats an empty field as 0 and keeps the estimate", async () => {
    const { user } = renderWithRouter(<PricingCalculator currency="KRW" />);
    await enter(user, "messages", 0);
    await enter(user, "channels", 0);
    const zero = amountOf("total");
    await user.clear(inputByLabel(label("messages")));
    await user.clear(inputByLabel(label("channels")));
    expect(amountOf("total")).toBe(zero);
    expect(screen.queryByText(t("intro.pricing.calculator.fixInputs"))).toBeNull();
    expect(screen.getByText(t("intro.pricing.calculator.channelsFree", { channels: "0" }))).toBeInTheDocument();
  });

  it("refuses a negative, a decimal and an out-of-range value and hides the estimate until they are fixed", async () => {
    const { user } = renderWithRouter(<PricingCalculator currency="KRW" />);
    await enter(user, "days", 27);
    expect(
      await screen.findByText(t("intro.pricing.calculator.problems.range", { min: "28", max: "31" })),
    ).toBeVisible();
    expect(screen.queryByTestId("calculator-line-total")).toBeNull();
    expect(screen.getByText(t("intro.pricing.calculator.fixInputs"))).toBeVisible();

    const messages = inputByLabel(label("messages"));
    await user.clear(messages);
    await user.type(messages, "2.5");
    expect(screen.getByText(t("intro.pricing.calculator.problems.integer"))).toBeVisible();
    await user.clear(messages);
    await user.type(messages, "-1");
    expect(screen.getByText(t("intro.pricing.calculator.problems.integer"))).toBeVisible();

    await user.clear(messages);
    await user.type(messages, "1000");
    await enter(user, "days", 30);
    expect(screen.getByTestId("calculator-line-total")).toBeVisible();
  });
});
