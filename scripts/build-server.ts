import path from "node:path";
import { buildServer, serverDir } from "./server-build";

/**
 * `npm run build:server`: the server and its CLI as JavaScript in `packages/server/dist`, so that production runs them
 * with plain `node` and only production dependencies.
 */
const outDir = path.join(serverDir, "dist");
await buildServer(outDir);
process.stdout.write(`Built the server into ${path.relative(path.resolve(serverDir, "../.."), outDir)}\n`);
