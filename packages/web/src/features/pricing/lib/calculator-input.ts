/**
 * The calculator's inputs as typed, and their checks. Maxima keep every product of the pricing function inside
 * exact integer arithmetic (10 billion messages at a tier price in thousandths stays below 2^53) while being far
 * beyond any real month, so no honest estimate is refused.
 */
export const CALCULATOR_LIMITS = {
  dailyActiveUsers: { min: 0, max: 100_000_000 },
  messages: { min: 0, max: 10_000_000_000 },
  channels: { min: 0, max: 100_000_000 },
  days: { min: 28, max: 31 },
} as const;

export type CalculatorField = keyof typeof CALCULATOR_LIMITS;
export type CalculatorInput = Record<CalculatorField, string>;
export type CalculatorValues = Record<CalculatorField, number>;
export type CalculatorProblem = "integer" | "range";

export const DEFAULT_CALCULATOR_INPUT: CalculatorInput = {
  dailyActiveUsers: "3000",
  messages: "2500000",
  channels: "500",
  days: "30",
};

/** Digits, plain or grouped by commas in threes as figures are written and copied ("2,000", "2,500,000"). */
const WHOLE_NUMBER = /^(\d+|\d{1,3}(,\d{3})+)$/;

/**
 * A non-negative whole number in range, or why not. An empty field is 0, as a visitor who clears "channels" means
 * none. `1e3`, `-1`, `2.5` and commas out of place (`2,00`) are refused as typed.
 */
export function checkField(field: CalculatorField, raw: string): number | CalculatorProblem {
  const text = raw.trim();
  if (text !== "" && !WHOLE_NUMBER.test(text)) return "integer";
  const value = text === "" ? 0 : Number(text.replaceAll(",", ""));
  const { min, max } = CALCULATOR_LIMITS[field];
  return value < min || value > max ? "range" : value;
}

/** The field as the page shows it once left: a valid number grouped in the UI language, anything else as typed. */
export function formatField(field: CalculatorField, raw: string, number: Intl.NumberFormat): string {
  const value = checkField(field, raw);
  return typeof value === "number" && raw.trim() !== "" ? number.format(value) : raw;
}

export function checkInput(input: CalculatorInput): {
  values: CalculatorValues | null;
  problems: Partial<Record<CalculatorField, CalculatorProblem>>;
} {
  const problems: Partial<Record<CalculatorField, CalculatorProblem>> = {};
  const values = {} as CalculatorValues;
  for (const field of Object.keys(CALCULATOR_LIMITS) as CalculatorField[]) {
    const result = checkField(field, input[field]);
    if (typeof result === "number") values[field] = result;
    else problems[field] = result;
  }
  return { values: Object.keys(problems).length === 0 ? values : null, problems };
}
