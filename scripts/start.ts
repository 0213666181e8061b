import { buildWebIfChanged } from "./web-build";

// `npm start`: the dashboard is rebuilt only when its sources changed, then the server runs in this same process.
// With WEB_DIST_DIR set the server serves a build from elsewhere, and the checkout's own is neither needed nor made.
try {
  if (!process.env.WEB_DIST_DIR?.trim()) await buildWebIfChanged();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
await import("../packages/server/src/main");
