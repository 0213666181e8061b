/** Columns of the dashboard's tables that only wide screens show, so the essential ones keep room to read. */
export const wideOnly = { display: { xs: "none", md: "table-cell" } } as const;
/** Columns hidden on a phone only; a row may show their value under its first cell instead. */
export const notOnPhone = { display: { xs: "none", sm: "table-cell" } } as const;
