import { Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import type { Currency } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { formatUnitPrice } from "@/lib/money";

/** The per-message price list: the included messages, then each tier by the month's running total. */
export function MessageTiersTable({
  currency,
  tiers,
  includedMessages,
}: {
  currency: Currency;
  tiers: readonly { upTo: number; price: Record<Currency, number> }[];
  includedMessages: number;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  let from = includedMessages;
  const rows = tiers.map((tier) => {
    const range = Number.isFinite(tier.upTo)
      ? t("intro.pricing.tiers.range", { from: number.format(from), upTo: number.format(tier.upTo) })
      : t("intro.pricing.tiers.above", { from: number.format(from) });
    from = tier.upTo;
    return { range, price: formatUnitPrice(tier.price[currency], currency, i18n.language) };
  });

  return (
    <Table size="small" aria-label={t("intro.pricing.tiers.label")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("intro.pricing.tiers.columns.range")}</TableCell>
          <TableCell align="right">{t("intro.pricing.tiers.columns.price")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="row">
            {t("intro.pricing.tiers.included", { upTo: number.format(includedMessages) })}
          </TableCell>
          <TableCell align="right">{t("intro.pricing.tiers.includedPrice")}</TableCell>
        </TableRow>
        {rows.map((row) => (
          <TableRow key={row.range}>
            <TableCell component="th" scope="row">
              {row.range}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {row.price}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
