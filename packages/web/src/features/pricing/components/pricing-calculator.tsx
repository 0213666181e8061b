import {
  Alert,
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { type Currency, DAU_CAP_PRICE, type MonthPrice, priceMonth, VAT_PERCENT } from "@parley/contract";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, formatUnitPrice } from "@/lib/money";
import {
  CALCULATOR_LIMITS,
  type CalculatorField,
  type CalculatorInput,
  type CalculatorProblem,
  type CalculatorValues,
  checkInput,
  DEFAULT_CALCULATOR_INPUT,
  formatField,
} from "../lib/calculator-input";

const FIELDS: CalculatorField[] = ["dailyActiveUsers", "messages", "channels", "days"];

function formatInput(input: CalculatorInput, number: Intl.NumberFormat): CalculatorInput {
  return Object.fromEntries(
    FIELDS.map((field) => [field, formatField(field, input[field], number)]),
  ) as CalculatorInput;
}

interface Line {
  key: string;
  label: string;
  explanation: string;
  amount: string;
  emphasis?: boolean;
}

/**
 * The pricing page's estimate of one month of the paid plan. Every figure comes from `priceMonth`, the function
 * the invoices are made with, so the page can never quote a price the bill would not charge.
 */
export function PricingCalculator({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const headingId = useId();
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const [input, setInput] = useState<CalculatorInput>(() => formatInput(DEFAULT_CALCULATOR_INPUT, number));
  const { values, problems } = useMemo(() => checkInput(input), [input]);

  const problemText = (field: CalculatorField, problem: CalculatorProblem | undefined) => {
    if (!problem) return t(`intro.pricing.calculator.fields.${field}.hint`);
    const { min, max } = CALCULATOR_LIMITS[field];
    return t(`intro.pricing.calculator.problems.${problem}`, { min: number.format(min), max: number.format(max) });
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id={headingId} variant="h4" component="h2" sx={{ mb: 1 }}>
          {t("intro.pricing.calculator.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t("intro.pricing.calculator.lead")}
        </Typography>
        <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr", md: "minmax(240px, 1fr) 2fr" } }}>
          <Stack spacing={2.5} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
            {FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(`intro.pricing.calculator.fields.${field}.label`)}
                value={input[field]}
                onChange={(event) => setInput((current) => ({ ...current, [field]: event.target.value }))}
                onBlur={() =>
                  setInput((current) => ({ ...current, [field]: formatField(field, current[field], number) }))
                }
                placeholder="0"
                error={Boolean(problems[field])}
                helperText={problemText(field, problems[field])}
                slotProps={{
                  // The label stays above the field so an empty one shows its "0".
                  inputLabel: { shrink: true },
                  htmlInput: {
                    inputMode: "numeric",
                    "data-testid": `calculator-${field}`,
                  },
                }}
              />
            ))}
          </Stack>
          <Box aria-live="polite">
            {values ? (
              <Breakdown currency={currency} values={values} />
            ) : (
              <Alert severity="info">{t("intro.pricing.calculator.fixInputs")}</Alert>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function Breakdown({ currency, values }: { currency: Currency; values: CalculatorValues }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const money = (minor: number) => formatMoney(minor, currency, language);
  const unit = (thousandths: number) => formatUnitPrice(thousandths, currency, language);

  const cumulativeDau = values.dailyActiveUsers * values.days;
  const price: MonthPrice = priceMonth({
    currency,
    messages: values.messages,
    cumulativeDau,
    daysInService: values.days,
    daysInMonth: values.days,
  });

  const lines: Line[] = [];
  let tierIndex = 0;
  for (const line of price.lines) {
    if (line.kind === "base") {
      lines.push({
        key: "base",
        label: t("intro.pricing.calculator.lines.base"),
        explanation: t("intro.pricing.calculator.explain.base", {
          messages: number.format(price.included.messages),
          dau: number.format(price.included.cumulativeDau),
        }),
        amount: money(line.amount),
      });
    } else if (line.kind === "messages" && line.tier) {
      const from = number.format(line.tier.from);
      lines.push({
        key: `messages-${tierIndex++}`,
        label:
          line.tier.upTo === null
            ? t("intro.pricing.calculator.lines.messagesAbove", { from })
            : t("intro.pricing.calculator.lines.messages", { from, upTo: number.format(line.tier.upTo) }),
        explanation: t("intro.pricing.calculator.explain.messages", {
          quantity: number.format(line.quantity),
          unitPrice: unit(line.unitPrice),
        }),
        amount: money(line.amount),
      });
    } else if (line.kind === "dau") {
      lines.push({
        key: "dau",
        label: t("intro.pricing.calculator.lines.dau"),
        explanation: t("intro.pricing.calculator.explain.dau", {
          quantity: number.format(line.quantity),
          included: number.format(price.included.cumulativeDau),
          unitPrice: unit(line.unitPrice),
        }),
        amount: money(line.amount),
      });
    }
  }
  lines.push(
    {
      key: "subtotal",
      label: t("intro.pricing.calculator.lines.subtotal"),
      explanation: t("intro.pricing.calculator.explain.subtotal"),
      amount: money(price.subtotal),
    },
    {
      key: "cap",
      label: t("intro.pricing.calculator.lines.cap"),
      explanation: t(
        price.capApplied
          ? "intro.pricing.calculator.explain.capApplied"
          : "intro.pricing.calculator.explain.capNotApplied",
        { dau: number.format(values.dailyActiveUsers), capPrice: unit(DAU_CAP_PRICE[currency]) },
      ),
      amount: money(price.cap),
    },
    {
      key: "fee",
      label: t("intro.pricing.calculator.lines.fee"),
      explanation: t(
        price.capApplied ? "intro.pricing.calculator.explain.feeCapped" : "intro.pricing.calculator.explain.fee",
      ),
      amount: money(price.fee),
    },
    {
      key: "vat",
      label: t("intro.pricing.calculator.lines.vat", { percent: VAT_PERCENT }),
      explanation: t("intro.pricing.calculator.explain.vat", { percent: VAT_PERCENT }),
      amount: money(price.vat),
    },
    {
      key: "total",
      label: t("intro.pricing.calculator.lines.total"),
      explanation: t("intro.pricing.calculator.explain.total"),
      amount: money(price.total),
      emphasis: true,
    },
  );

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="calculator-cumulative-dau">
        {t("intro.pricing.calculator.cumulativeDau", {
          dau: number.format(values.dailyActiveUsers),
          days: number.format(values.days),
          cumulative: number.format(cumulativeDau),
        })}
      </Typography>
      {price.lines.length === 1 && (
        <Typography variant="body2" color="text.secondary">
          {t("intro.pricing.calculator.withinIncluded")}
        </Typography>
      )}
      <Table size="small" aria-label={t("intro.pricing.calculator.tableLabel")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("intro.pricing.calculator.columns.item")}</TableCell>
            <TableCell align="right">{t("intro.pricing.calculator.columns.amount")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.key}>
              <TableCell component="th" scope="row">
                <Typography sx={{ fontWeight: line.emphasis ? 800 : 600 }}>{line.label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {line.explanation}
                </Typography>
              </TableCell>
              <TableCell
                align="right"
                data-testid={`calculator-line-${line.key}`}
                sx={{ whiteSpace: "nowrap", fontWeight: line.emphasis ? 800 : 500, verticalAlign: "top" }}
              >
                {line.amount}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {t("intro.pricing.calculator.channelsFree", { channels: number.format(values.channels) })}
      </Typography>
    </Stack>
  );
}
