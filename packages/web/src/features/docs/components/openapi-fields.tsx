import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Field, Rule } from "../lib/openapi";

export const codeSx = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: "0.8125rem" };
const RULE = "intro.docs.reference.rule";

/** The anchor of a named schema's section, which every field holding it links to. */
export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

/**
 * Puts a field's rules in words in the UI language: `1–80자: 영문자, 숫자, _ - . @ :` rather than a regular
 * expression. A length and a pattern read as one phrase, as the limits page of the docs writes them.
 */
function useRuleTexts() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figure = (value: number | undefined) => (value === undefined ? "" : number.format(value));

  function bounded(kind: "length" | "range" | "items", min: number | undefined, max: number | undefined) {
    if (min !== undefined && max !== undefined) {
      if (kind === "length" && min === max) return t(`${RULE}.lengthExactly`, { min: figure(min) });
      return t(`${RULE}.${kind}Between`, { min: figure(min), max: figure(max) });
    }
    if (min !== undefined) return t(`${RULE}.${kind}AtLeast`, { min: figure(min) });
    return t(`${RULE}.${kind}AtMost`, { max: figure(max) });
  }

  function textOf(rule: Rule): string {
    switch (rule.kind) {
      case "oneOf":
        return t(`${RULE}.oneOf`, { values: rule.values.map((value) => `"${value}"`).join(", ") });
      case "emptyAllowed":
        return t(`${RULE}.emptyAllowed`);
      case "length":
      case "range":
      case "items":
        return bounded(rule.kind, rule.min, rule.max);
      case "format":
        return i18n.exists(`${RULE}.format.${rule.format}`)
          ? t(`${RULE}.format.${rule.format}`)
          : t(`${RULE}.formatOther`, { format: rule.format });
      case "pattern":
        return t(`${RULE}.pattern.${rule.name ?? "other"}`);
      case "default":
        return t(`${RULE}.default`, { value: rule.value });
    }
  }

  return (rules: Rule[]): string[] => {
    const length = rules.find((rule) => rule.kind === "length");
    const pattern = rules.find((rule) => rule.kind === "pattern");
    return rules.flatMap((rule) => {
      if (length && pattern) {
        if (rule === pattern) return [];
        if (rule === length) return [t(`${RULE}.withPattern`, { length: textOf(length), pattern: textOf(pattern) })];
      }
      return [textOf(rule)];
    });
  };
}

/** A type, linked to its named schema's section when it is or holds one. */
export function TypeText({ type, refName }: { type: string; refName?: string }) {
  if (!refName) return <>{type}</>;
  return (
    // Schema names run to 30 characters of one word (DashboardUpdateChannelRequest): on a phone they must wrap.
    <Link href={`#${schemaAnchor(refName)}`} underline="hover" sx={{ overflowWrap: "anywhere" }}>
      {type}
    </Link>
  );
}

/**
 * A table scrolls sideways on a phone, so it is focusable: a keyboard user has to reach the columns off screen.
 */
export function ScrollingTable({ children, minWidth = 520 }: { children: ReactNode; minWidth?: number }) {
  return (
    <Box
      tabIndex={0}
      sx={{
        overflowX: "auto",
        mb: 2,
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <Table size="small" sx={{ minWidth }}>
        {children}
      </Table>
    </Box>
  );
}

/**
 * Fields with their types and rules in the UI language. A field's description comes from the document, which is
 * written in English, so it is shown with the English page only.
 */
export function FieldsTable({ fields, showIn = false }: { fields: (Field & { in?: string })[]; showIn?: boolean }) {
  const { t, i18n } = useTranslation();
  const ruleTexts = useRuleTexts();
  const isEnglish = i18n.language.startsWith("en");
  return (
    <ScrollingTable>
      <TableHead>
        <TableRow>
          <TableCell>{t("intro.docs.reference.name")}</TableCell>
          {showIn && <TableCell>{t("intro.docs.reference.in")}</TableCell>}
          <TableCell>{t("intro.docs.reference.type")}</TableCell>
          <TableCell>{t("intro.docs.reference.rules")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => (
          <TableRow key={`${field.in ?? ""}-${field.name}`}>
            <TableCell sx={codeSx}>
              {field.name}
              {field.required && (
                <Typography component="span" color="error.main" sx={{ ml: 0.5, fontSize: "0.75rem" }}>
                  {t("intro.docs.reference.required")}
                </Typography>
              )}
            </TableCell>
            {showIn && (
              <TableCell>{t(`intro.docs.reference.location.${field.in}`, { defaultValue: field.in })}</TableCell>
            )}
            <TableCell sx={codeSx}>
              <TypeText type={field.type} refName={field.ref} />
            </TableCell>
            <TableCell sx={{ typography: "body2", overflowWrap: "anywhere" }}>
              {[isEnglish ? field.description : undefined, ...ruleTexts(field.rules)].filter(Boolean).join("; ")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
