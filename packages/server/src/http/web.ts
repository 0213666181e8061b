import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

const API_PATH = /^\/(api|v1|files)(\/|$)/;

/**
 * Serves the built web app: files by path, and `index.html` for every other GET so client-side routes
 * survive a reload. Unknown API paths answer the JSON envelope with code 004 instead.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, "index.html");
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must be re-read so a deploy is seen at once.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (API_PATH.test(pathname) || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new AppError("004");
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built. Run `npm run build` (or `npm start`, which builds it first).");
    }
    const prerendered = path.join(webDistDir, pathname, "index.html");
    const file = !pathname.includes("..") && fs.existsSync(prerendered) ? prerendered : indexFile;
    return reply.header("cache-control", "no-cache").sendFile(path.relative(webDistDir, file), webDistDir);
  });
}
