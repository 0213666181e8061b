/**
 * Writes the Python package's copy of the error catalogue's HTTP statuses (`parley_server/catalogue.py`), which
 * imports nothing of ours: the statuses of a bulk call's failed items, which the wire does not carry.
 * `test/python.test.ts` fails when the file differs from what this writes.
 *
 *   node --import tsx packages/server-sdk/scripts/python-catalogue.ts
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { errorCatalogue } from "@parley/contract";

export const PYTHON_CATALOGUE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../server-python/src/parley_server/catalogue.py",
);

/** The file's text, from the contract's catalogue. */
export function pythonCatalogue(): string {
  const rows = Object.entries(errorCatalogue).map(([code, { status }]) => `    "${code}": ${status},`);
  return `"""The HTTP status of each code of the Parley API's error catalogue.

Written by packages/server-sdk/scripts/python-catalogue.ts from the contract's catalogue; do not edit by hand.
"""

from __future__ import annotations

from typing import Dict

STATUS_BY_CODE: Dict[str, int] = {
${rows.join("\n")}
}


def status_of(code: str) -> int:
    """The status a code is answered with; 500 for a code this version does not know."""
    return STATUS_BY_CODE.get(code, 500)
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(PYTHON_CATALOGUE, pythonCatalogue());
}
