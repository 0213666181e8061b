/**
 * Five-field cron expressions (minute, hour, day of month, month, day of week), read in UTC: `*`, numbers, lists,
 * ranges and `/` steps, which is all the job catalogue uses. Names (`MON`, `JAN`) and `L`/`W`/`#` are not read.
 */
export interface Cron {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  daysOfWeek: ReadonlySet<number>;
  /** Cron's rule: when both day fields are restricted, a day matching either one is a match. */
  dayOfMonthAny: boolean;
  dayOfWeekAny: boolean;
}

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  // 7 is Sunday as well as 0.
  { name: "day of week", min: 0, max: 7 },
] as const;

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  const number = (s: string) => {
    if (!/^\d+$/.test(s)) throw new Error(`cron ${field.name}: "${s}" is not a number`);
    const n = Number(s);
    if (n < field.min || n > field.max) {
      throw new Error(`cron ${field.name}: ${n} is outside ${field.min}-${field.max}`);
    }
    return n;
  };
  for (const part of text.split(",")) {
    const [range = "", stepText, extra] = part.split("/");
    if (extra !== undefined) throw new Error(`cron ${field.name}: "${part}" has two steps`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1 || (stepText !== undefined && !/^\d+$/.test(stepText))) {
      throw new Error(`cron ${field.name}: "${part}" has a bad step`);
    }
    let from: number;
    let to: number;
    if (range === "*") {
      from = field.min;
      to = field.max;
    } else if (range.includes("-")) {
      const [a = "", b = "", more] = range.split("-");
      if (more !== undefined) throw new Error(`cron ${field.name}: "${range}" is not a range`);
      from = number(a);
      to = number(b);
      if (from > to) throw new Error(`cron ${field.name}: "${range}" runs backwards`);
    } else {
      from = number(range);
      // "5/15" means from 5 to the end in steps of 15, as in most cron implementations.
      to = stepText === undefined ? from : field.max;
    }
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return values;
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}" must have 5 fields`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = FIELDS.map((field, i) => parseField(parts[i] ?? "", field));
  const daysOfWeek = new Set([...(dayOfWeek ?? [])].map((d) => d % 7));
  return {
    minutes: minute ?? new Set(),
    hours: hour ?? new Set(),
    daysOfMonth: dayOfMonth ?? new Set(),
    months: month ?? new Set(),
    daysOfWeek,
    dayOfMonthAny: parts[2]?.startsWith("*") ?? false,
    dayOfWeekAny: parts[4]?.startsWith("*") ?? false,
  };
}

function dayMatches(cron: Cron, t: Date): boolean {
  const dom = cron.daysOfMonth.has(t.getUTCDate());
  const dow = cron.daysOfWeek.has(t.getUTCDay());
  if (cron.dayOfMonthAny && cron.dayOfWeekAny) return true;
  if (cron.dayOfMonthAny) return dow;
  if (cron.dayOfWeekAny) return dom;
  return dom || dow;
}

const MINUTE_MS = 60_000;

/**
 * The latest minute at or before `at` that the expression names, or null when none falls in the five years
 * before it (a day such as 31 February that never comes).
 */
export function latestSlot(cron: Cron, at: Date): Date | null {
  const earliest = at.getTime() - 5 * 366 * 24 * 60 * MINUTE_MS;
  let t = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
  while (t.getTime() >= earliest) {
    if (!cron.months.has(t.getUTCMonth() + 1) || !dayMatches(cron, t)) {
      t = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) - MINUTE_MS);
    } else if (!cron.hours.has(t.getUTCHours())) {
      t = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours()) - MINUTE_MS);
    } else if (!cron.minutes.has(t.getUTCMinutes())) {
      t = new Date(t.getTime() - MINUTE_MS);
    } else {
      return t;
    }
  }
  return null;
}
