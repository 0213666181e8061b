/** The one time the fake client stamps on what it makes, so snapshots and assertions never depend on the clock. */
export const AT = "2025-01-02T03:04:05.000Z";
