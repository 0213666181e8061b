import { useCallback } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** Every message of a field, in order and once: forms with `criteriaMode: "all"` report all broken rules. */
function fieldMessages(error: FieldError): string[] {
  const messages: string[] = [];
  if (error.message) messages.push(error.message);
  for (const value of Object.values(error.types ?? {})) {
    for (const message of Array.isArray(value) ? value : [value]) {
      if (typeof message === "string" && !messages.includes(message)) messages.push(message);
    }
  }
  return messages;
}

/**
 * Field messages are i18n keys: VALIDATION_* from the contract rules or ERROR_{code} from the server.
 * A rule without its own key (zod's built-in wording) falls back to the generic "check what you entered",
 * so raw English never reaches a Korean screen. Returns the props a TextField needs to show them.
 */
export function useFieldError() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: FieldError | undefined, hint?: string) => ({
      error: Boolean(error),
      helperText: error
        ? [
            ...new Set(fieldMessages(error).map((message) => (i18n.exists(message) ? t(message) : t("ERROR_300")))),
          ].join(" ")
        : hint,
    }),
    [t, i18n],
  );
}
