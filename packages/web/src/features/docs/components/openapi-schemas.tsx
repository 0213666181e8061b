import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { NamedSchema } from "../lib/openapi";
import { codeSx, FieldsTable, schemaAnchor } from "./openapi-fields";

/**
 * The document's named schemas, one section each, which the operations' types link to. A schema's description is
 * the document's English text, shown with the English page.
 */
export function NamedSchemaList({ schemas }: { schemas: NamedSchema[] }) {
  const { t, i18n } = useTranslation();
  const isEnglish = i18n.language.startsWith("en");
  if (schemas.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="reference-schemas" sx={{ mt: 5 }}>
      <Typography variant="h6" component="h4" id="reference-schemas" sx={{ mb: 1.5, scrollMarginTop: 96 }}>
        {t("intro.docs.reference.schemas")}
      </Typography>
      {schemas.map((schema) => (
        <Box
          key={schema.name}
          component="section"
          aria-labelledby={schemaAnchor(schema.name)}
          sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: { xs: 2, md: 2.5 }, mb: 2 }}
        >
          <Typography
            variant="subtitle1"
            component="h5"
            id={schemaAnchor(schema.name)}
            sx={{ ...codeSx, fontSize: "0.9375rem", fontWeight: 700, scrollMarginTop: 96 }}
          >
            {schema.name}
          </Typography>
          {isEnglish && schema.description && (
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
              {schema.description}
            </Typography>
          )}
          {schema.fields.length > 0 ? (
            <FieldsTable fields={schema.fields} />
          ) : (
            <Typography variant="body2" sx={codeSx}>
              {schema.type}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
