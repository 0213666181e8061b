/** Where a command writes: stdout for results, stderr for what a person reads beside them. */
export interface Output {
  /** Whether results are JSON (one value, or one line a value for a stream) for scripts. */
  json: boolean;
  /** A result: a line for a person, or the value as JSON. */
  result(text: string, value: unknown): void;
  /** A note for a person (progress, reconnects), on stderr; in JSON mode too, since stdout stays parseable. */
  note(text: string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    result(text, value) {
      process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
    },
    note(text) {
      process.stderr.write(`${text}\n`);
    },
  };
}

/** Columns padded to the widths given, for lines a person scans down. */
export function columns(cells: (string | number)[], widths: number[]): string {
  return cells
    .map((cell, i) => String(cell).padEnd(widths[i] ?? 0))
    .join("  ")
    .trimEnd();
}
