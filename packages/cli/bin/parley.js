#!/usr/bin/env node
// A packed CLI runs its bundle; in the repository, where there is none, it runs the TypeScript source through tsx.
import { existsSync } from "node:fs";

const bundle = new URL("../dist/main.js", import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/main.ts", import.meta.url).href);
}
