import { type Currency, MINOR_UNITS_PER_MAJOR, VAT_PERCENT } from "@parley/contract";
import PDFDocument from "pdfkit";
import { type CsvValue, toCsv } from "../../csv";
import type { AccountRow } from "../auth";
import { addDays, earlierDay, firstDayOf, trialOf } from "./rules";
import type { InvoiceLine, InvoiceRow } from "./schema";

/** An integer scaled by 10^digits as a decimal, e.g. (29900, 2) is "299.00"; `minDigits` keeps trailing zeros. */
function decimal(value: number, digits: number, minDigits = 0): string {
  const sign = value < 0 ? "-" : "";
  const text = String(Math.abs(value)).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  let fraction = text.slice(text.length - digits);
  while (fraction.length > minDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

const minorDigits = (currency: Currency) => String(MINOR_UNITS_PER_MAJOR[currency]).length - 1;

/** An amount in minor units as the currency writes it: `290,000 KRW`, `299.00 USD`. */
export function money(amount: number, currency: Currency): string {
  const digits = minorDigits(currency);
  return `${decimal(amount, digits, digits)} ${currency}`;
}

/** A line's unit price in the major unit: message and DAU prices are thousandths of a minor unit. */
export function unitPrice(line: InvoiceLine, currency: Currency): string {
  const digits = minorDigits(currency);
  return line.kind === "base"
    ? `${decimal(line.unitPrice, digits, digits)} ${currency}`
    : `${decimal(line.unitPrice, digits + 3)} ${currency}`;
}

export function lineLabel(line: InvoiceLine, daysInMonth: number): string {
  if (line.kind === "base") return `Base fee, ${line.quantity} of ${daysInMonth} days`;
  if (line.kind === "dau") return "Cumulative DAU above the included";
  const tier = line.tier;
  const upTo = tier?.upTo === null || tier?.upTo === undefined ? "" : `${tier.upTo.toLocaleString("en-US")}`;
  return `Messages ${(tier?.from ?? 0).toLocaleString("en-US")} to ${upTo || "above"}`;
}

/**
 * The invoice's usage lines as CSV: the priced lines and totals, then each app's share of the usage. Money in the
 * major unit.
 */
export function invoiceCsv(invoice: InvoiceRow): string {
  const { currency } = invoice;
  const digits = minorDigits(currency);
  const amount = (value: number) => decimal(value, digits, digits).replace(/,/g, "");
  const rows: CsvValue[][] = [
    ["period", "item", "tier_from", "tier_to", "quantity", "unit_price", "amount", "currency"],
    ...invoice.lines.map((line) => [
      invoice.period,
      line.kind,
      line.tier?.from ?? "",
      line.tier?.upTo ?? "",
      line.quantity,
      (line.kind === "base" ? decimal(line.unitPrice, digits, digits) : decimal(line.unitPrice, digits + 3)).replace(
        /,/g,
        "",
      ),
      amount(line.amount),
      currency,
    ]),
    [invoice.period, invoice.capApplied ? "fee_capped" : "fee", "", "", "", "", amount(invoice.fee), currency],
    [invoice.period, `vat_${VAT_PERCENT}`, "", "", "", "", amount(invoice.vat), currency],
    [invoice.period, "total", "", "", "", "", amount(invoice.total), currency],
    [],
    ["period", "app_id", "app", "messages", "cumulative_dau"],
    ...invoice.usageByApp.map((app) => [invoice.period, app.appId, app.name, app.messages, app.cumulativeDau]),
    [invoice.period, "", "all apps", invoice.messages, invoice.cumulativeDau],
  ];
  return toCsv(rows);
}

/** Text the PDF's built-in font can draw (Latin-1); anything else, e.g. a Korean company name, is left out. */
const printable = (text: string) => /^[\x20-\x7e\xa0-\xff]*$/.test(text);

/**
 * The invoice as a PDF, in English for every account: the built-in PDF fonts cover no Hangul, and embedding a
 * Korean font would add megabytes to every install for one document.
 */
export async function invoicePdf(invoice: InvoiceRow, account: AccountRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Parley invoice ${invoice.period}`, Author: "Parley", CreationDate: invoice.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const { currency } = invoice;
  const left = 50;
  const width = 495;
  // The invoice of a month the trial ran in names the trial's days (its last day included, as the screens show
  // it), so the days it does not bill are explained by the same dates. Days an admin added after the plan had
  // started were billed, so the trial shown ends before the first billed day.
  const trial = trialOf(account.emailVerifiedAt ?? account.createdAt, account.trialExtensionDays);
  const trialEnd = earlierDay(trial.lastDay, addDays(invoice.periodStart, -1));
  const trialInPeriod = trialEnd >= firstDayOf(invoice.period) && trialEnd >= trial.firstDay;

  doc.font("Helvetica-Bold").fontSize(20).text("Parley invoice", left, 50);
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  const facts: [string, string][] = [
    ["Invoice", invoice.id],
    ["Billed to", account.email],
    ...(printable(account.companyName) && account.companyName
      ? [["Company", account.companyName] as [string, string]]
      : []),
    ["Period", `${invoice.period} (${invoice.periodStart} to ${invoice.periodEnd})`],
    ...(trialInPeriod ? [["Free trial", `${trial.firstDay} to ${trialEnd}, not billed`] as [string, string]] : []),
    ["Dates", "UTC calendar days, as the billing cycle counts them"],
    ["Days in service", `${invoice.daysInService} of ${invoice.daysInMonth}`],
    ["Payment date", invoice.paymentDate],
    ["Status", invoice.paidAt ? `paid ${invoice.paidAt.toISOString().slice(0, 10)}` : invoice.status],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font("Helvetica-Bold").text(label, left, y, { width: 120 });
    doc.font("Helvetica").text(value, left + 120, y, { width: width - 120 });
  }

  doc.moveDown().font("Helvetica-Bold").fontSize(12).text("Usage", left);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Messages: ${invoice.messages.toLocaleString("en-US")}`, left);
  doc.text(`Cumulative DAU: ${invoice.cumulativeDau.toLocaleString("en-US")}`, left);

  doc.moveDown().font("Helvetica-Bold").fontSize(12).text("Charges", left);
  const columns = [left, left + 230, left + 320, left + 410];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    cells.forEach((cell, i) => {
      doc.text(cell, columns[i], y, { width: i === 0 ? 225 : 85, align: i === 0 ? "left" : "right" });
    });
    doc.moveDown(0.3);
  };
  row(["Item", "Quantity", "Unit price", "Amount"], true);
  for (const line of invoice.lines) {
    row([
      lineLabel(line, invoice.daysInMonth),
      line.quantity.toLocaleString("en-US"),
      unitPrice(line, currency),
      money(line.amount, currency),
    ]);
  }
  doc.moveDown(0.5);
  if (invoice.capApplied) row(["Capped at average daily DAU x 200 KRW (0.20 USD)", "", "", ""]);
  row(["Fee (excluding VAT)", "", "", money(invoice.fee, currency)], true);
  row([`VAT ${VAT_PERCENT}%`, "", "", money(invoice.vat, currency)]);
  row(["Total", "", "", money(invoice.total, currency)], true);

  const apps = invoice.usageByApp.filter((app) => app.messages > 0 || app.cumulativeDau > 0);
  if (apps.length > 0) {
    doc.moveDown().font("Helvetica-Bold").fontSize(12).text("Usage by app", left);
    row(["App", "Messages", "Cum. DAU", ""], true);
    for (const app of apps) {
      row([
        printable(app.name) ? app.name : app.appId,
        app.messages.toLocaleString("en-US"),
        app.cumulativeDau.toLocaleString("en-US"),
        "",
      ]);
    }
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
