import { buildWebIfChanged } from "./web-build";

// `npm start`: the dashboard is rebuilt only when its sources changed, then the server runs in this same process.
try {
  await buildWebIfChanged();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
await import("../packages/server/src/main");
