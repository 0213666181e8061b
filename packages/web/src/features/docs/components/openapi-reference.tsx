import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { FILE_MAX_BYTES } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { openApiDocumentUrl, type PublishedApi, useOpenApiDocument } from "../api/get-openapi-document";
import { groupOperations, namedSchemas, type Operation } from "../lib/openapi";
import { codeSx, FieldsTable, ScrollingTable, TypeText } from "./openapi-fields";
import { NamedSchemaList } from "./openapi-schemas";

const METHOD_COLORS: Record<string, "success" | "primary" | "warning" | "error" | "secondary"> = {
  GET: "success",
  POST: "primary",
  PUT: "warning",
  PATCH: "secondary",
  DELETE: "error",
};

const BYTES_PER_MB = 1024 * 1024;

/** Where each published API's texts live in the docs' translations. */
const TEXTS: Record<PublishedApi, { operations: string; tags: string }> = {
  chat: { operations: "intro.docs.reference.operations", tags: "intro.docs.reference.tags" },
  dashboard: { operations: "intro.docs.reference.dashboardOperations", tags: "intro.docs.reference.dashboardTags" },
};

/**
 * What an operation does, in the UI language: the docs' own text for the operation's id, or the document's summary
 * and description for an operation newer than the docs (a test keeps that from happening for the current API).
 */
function useOperationSummary(published: PublishedApi) {
  const { t, i18n } = useTranslation();
  const fileSize = `${new Intl.NumberFormat(i18n.language).format(FILE_MAX_BYTES / BYTES_PER_MB)} MB`;
  return (operation: Operation): string | undefined => {
    const key = `${TEXTS[published].operations}.${operation.operationId}`;
    if (operation.operationId && i18n.exists(key)) return t(key, { fileSize });
    const { summary, description } = operation;
    // The server writes a description that repeats the summary when a route has none of its own.
    if (summary && description?.startsWith(summary)) return description;
    return [summary, description].filter(Boolean).join(" ") || undefined;
  };
}

/** The codes an operation answers on failure, each with its message in the UI language. */
function ErrorsTable({ errors }: { errors: Operation["errors"] }) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollingTable minWidth={420}>
      <TableHead>
        <TableRow>
          <TableCell>{t("intro.docs.reference.status")}</TableCell>
          <TableCell>{t("intro.docs.reference.code")}</TableCell>
          <TableCell>{t("intro.docs.reference.meaning")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {errors.flatMap(({ status, codes }) =>
          codes.map((code) => (
            <TableRow key={code}>
              <TableCell sx={codeSx}>{status}</TableCell>
              <TableCell sx={codeSx}>{code}</TableCell>
              <TableCell sx={{ typography: "body2" }}>
                {i18n.exists(`ERROR_${code}`) ? t(`ERROR_${code}`) : ""}
              </TableCell>
            </TableRow>
          )),
        )}
      </TableBody>
    </ScrollingTable>
  );
}

function OperationEntry({ operation, published }: { operation: Operation; published: PublishedApi }) {
  const { t } = useTranslation();
  const summary = useOperationSummary(published)(operation);
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
            {operation.requestBody.ref && (
              <Box component="span" sx={{ ...codeSx, ml: 1 }}>
                <TypeText type={operation.requestBody.ref} refName={operation.requestBody.ref} />
              </Box>
            )}
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
            {response.ref && (
              <Box component="span" sx={{ ...codeSx, ml: 1 }}>
                <TypeText type={response.ref} refName={response.ref} />
              </Box>
            )}
            {response.fields.length > 0 && (
              <Box component="span" sx={{ ...codeSx, color: "text.secondary", ml: 1 }}>
                {`{ ${response.fields.map((field) => field.name).join(", ")} }`}
              </Box>
            )}
          </Typography>
          {response.fields.length > 0 && <FieldsTable fields={response.fields} />}
        </Box>
      ))}
      {operation.errors.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h6" sx={{ mt: 2, mb: 0.5 }}>
            {t("intro.docs.reference.errors")}
          </Typography>
          <ErrorsTable errors={operation.errors} />
        </>
      )}
    </Box>
  );
}

/**
 * A published API's reference, drawn from the OpenAPI document the server publishes, so it always matches the
 * deployed API: its operations by group, each with the codes it answers on failure, then its named schemas.
 */
export function OpenApiReference({ published = "chat" }: { published?: PublishedApi }) {
  const { t } = useTranslation();
  const query = useOpenApiDocument(published);

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
        {t("intro.docs.reference.loadError", { url: openApiDocumentUrl(published) })}
      </Alert>
    );
  }

  const groups = groupOperations(query.data);
  return (
    <Box sx={{ maxWidth: 860 }}>
      {groups.map((group) => (
        <Box key={group.tag} component="section" aria-labelledby={`tag-${group.tag}`} sx={{ mt: 4 }}>
          <Typography variant="h6" component="h4" id={`tag-${group.tag}`} sx={{ mb: 1.5, scrollMarginTop: 96 }}>
            {t(`${TEXTS[published].tags}.${group.tag}`, { defaultValue: group.tag })}
          </Typography>
          {group.operations.map((operation) => (
            <OperationEntry key={operation.id} operation={operation} published={published} />
          ))}
        </Box>
      ))}
      <NamedSchemaList schemas={namedSchemas(query.data)} />
    </Box>
  );
}
