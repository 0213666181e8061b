import { Errors, type TBulkItemError, V } from "@parley/contract";
import type { z } from "zod";
import { AppError } from "../errors";
import { validate, validationFailure } from "./validation";

/** An item of a bulk call after its own check: its value, or why it is refused. */
export type CheckedItem<T> = { index: number; value: T } | { index: number; error: AppError; raw: unknown };

/**
 * Checks each item of a bulk call against `schema` as a whole request would be checked, so a refused item carries
 * the same code (300, 301) and field keys its single call would answer. An item whose `keyOf` repeats an earlier
 * valid item's is refused too (300, `duplicateItem`): one call changes each thing once.
 */
export function checkItems<T>(
  schema: z.ZodType<T>,
  items: readonly unknown[],
  keyOf?: (value: T) => string | undefined,
  keyPath = "",
): CheckedItem<T>[] {
  const seen = new Set<string>();
  return items.map((raw, index) => {
    const checked = validate(schema, raw);
    if ("error" in checked) return { index, error: validationFailure(checked.error.issues), raw };
    const key = keyOf?.(checked.value);
    if (key !== undefined) {
      if (seen.has(key)) return { index, error: duplicateItem(keyPath), raw };
      seen.add(key);
    }
    return { index, value: checked.value };
  });
}

/** The refusal of an item that repeats an earlier one of the same call. */
export function duplicateItem(path: string): AppError {
  return new AppError(Errors.INVALID_REQUEST, { fields: [{ path, message: V.duplicateItem }] });
}

/** An item's refusal as its answer carries it: the envelope an error answer would have. */
export function itemError(error: AppError): TBulkItemError {
  return { code: error.code, message: error.message, ...(error.data ? { data: { ...error.data } } : {}) };
}
