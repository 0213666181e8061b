import { buildWeb } from "./web-build";

// `npm run build`: always builds, with the build's own output, and records what it was built from for `npm start`.
try {
  await buildWeb({ quiet: false });
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
