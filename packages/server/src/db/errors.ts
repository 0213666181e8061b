/** True when a write failed on a unique index (PostgreSQL 23505), whichever driver wrapped the error. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
