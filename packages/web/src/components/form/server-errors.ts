import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api-client";

/**
 * Puts the field problems of a validation failure (code 300, `data.fields` with VALIDATION_* keys) on the
 * matching inputs. Returns whether any field took an error, so the caller knows if a snackbar is still needed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.data?.fields?.length) return false;
  let applied = false;
  for (const field of error.data.fields) {
    const name = knownFields.find((known) => known === field.path);
    if (!name) continue;
    setError(name, { type: "server", message: field.message });
    applied = true;
  }
  return applied;
}
