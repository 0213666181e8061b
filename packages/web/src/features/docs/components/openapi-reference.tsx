import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { FILE_MAX_BYTES } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useOpenApiDocument } from "../api/get-openapi-document";
import { type Field, groupOperations, type Operation, type Rule } from "../lib/openapi";

const METHOD_COLORS: Record<string, "success" | "primary" | "warning" | "error" | "secondary"> = {
  GET: "success",
  POST: "primary",
  PUT: "warning",
  PATCH: "secondary",
  DELETE: "error",
};

const codeSx = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: "0.8125rem" };
const BYTES_PER_MB = 1024 * 1024;
const RULE = "intro.docs.reference.rule";

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

/**
 * What an operation does, in the UI language: the docs' own text for the operation's id, or the document's summary
 * and description for an operation newer than the docs (a test keeps that from happening for the current API).
 */
function useOperationSummary() {
  const { t, i18n } = useTranslation();
  const fileSize = `${new Intl.NumberFormat(i18n.language).format(FILE_MAX_BYTES / BYTES_PER_MB)} MB`;
  return (operation: Operation): string | undefined => {
    const key = `intro.docs.reference.operations.${operation.operationId}`;
    if (operation.operationId && i18n.exists(key)) return t(key, { fileSize });
    return [operation.summary, operation.description].filter(Boolean).join(" ") || undefined;
  };
}

function FieldsTable({ fields, showIn = false }: { fields: (Field & { in?: string })[]; showIn?: boolean }) {
  const { t } = useTranslation();
  const ruleTexts = useRuleTexts();
  return (
    // Focusable because it scrolls sideways on a phone: a keyboard user has to reach the columns off screen.
    <Box
      tabIndex={0}
      sx={{
        overflowX: "auto",
        mb: 2,
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <Table size="small" sx={{ minWidth: 520 }}>
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
              <TableCell sx={codeSx}>{field.type}</TableCell>
              <TableCell sx={{ typography: "body2", overflowWrap: "anywhere" }}>
                {[field.description, ...ruleTexts(field.rules)].filter(Boolean).join("; ")}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function OperationEntry({ operation }: { operation: Operation }) {
  const { t } = useTranslation();
  const summary = useOperationSummary()(operation);
  return (
    <Box
      component="section"
      aria-labelledby={operation.id}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: { xs: 2, md: 2.5 }, mb: 2 }}
    >
      <Typography
        variant="subtitle1"
        component="h5"
        id={operation.id}
        sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", scrollMarginTop: 96 }}
      >
        <Chip
          label={operation.method}
          color={METHOD_COLORS[operation.method] ?? "default"}
          size="small"
          // The theme's fills all keep 4.5:1 under white text (app/theme.ts), so every method chip reads as it is.
          sx={{ fontWeight: 700, minWidth: 64 }}
        />
        <Box component="code" sx={{ ...codeSx, fontSize: "0.9375rem", overflowWrap: "anywhere" }}>
          {operation.path}
        </Box>
      </Typography>
      {summary && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {summary}
        </Typography>
      )}
      {operation.parameters.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h6" sx={{ mt: 2, mb: 0.5 }}>
            {t("intro.docs.reference.parameters")}
          </Typography>
          <FieldsTable fields={operation.parameters} showIn />
        </>
      )}
      {operation.requestBody && (
        <>
          <Typography variant="subtitle2" component="h6" sx={{ mt: 2, mb: 0.5 }}>
            {t("intro.docs.reference.requestBody")}{" "}
            <Box component="span" sx={{ ...codeSx, color: "text.secondary" }}>
              {operation.requestBody.contentType}
            </Box>
          </Typography>
          {operation.requestBody.fields.length > 0 ? (
            <FieldsTable fields={operation.requestBody.fields} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t("intro.docs.reference.noFields")}
            </Typography>
          )}
        </>
      )}
      <Typography variant="subtitle2" component="h6" sx={{ mt: 2, mb: 0.5 }}>
        {t("intro.docs.reference.responses")}
      </Typography>
      {operation.responses.map((response) => (
        <Box key={response.status}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            <Box component="span" sx={{ ...codeSx, fontWeight: 700 }}>
              {response.status}
            </Box>
            {response.fields.length > 0 && (
              <Box component="span" sx={{ ...codeSx, color: "text.secondary", ml: 1 }}>
                {`{ ${response.fields.map((field) => field.name).join(", ")} }`}
              </Box>
            )}
          </Typography>
          {response.fields.length > 0 && <FieldsTable fields={response.fields} />}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The chat API's reference, drawn from the OpenAPI document the server publishes, so it always matches the
 * deployed API. Errors are listed once in the introduction above, not per operation.
 */
export function OpenApiReference() {
  const { t } = useTranslation();
  const query = useOpenApiDocument();

  if (query.isPending) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: "center", py: 3 }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">{t("intro.docs.reference.loading")}</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("intro.docs.reference.loadError")}
      </Alert>
    );
  }

  const groups = groupOperations(query.data);
  return (
    <Box sx={{ maxWidth: 860 }}>
      {groups.map((group) => (
        <Box key={group.tag} component="section" aria-labelledby={`tag-${group.tag}`} sx={{ mt: 4 }}>
          <Typography variant="h6" component="h4" id={`tag-${group.tag}`} sx={{ mb: 1.5, scrollMarginTop: 96 }}>
            {t(`intro.docs.reference.tags.${group.tag}`, { defaultValue: group.tag })}
          </Typography>
          {group.operations.map((operation) => (
            <OperationEntry key={operation.id} operation={operation} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
