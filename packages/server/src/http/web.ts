import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import {
  DEFAULT_LANGUAGE,
  Errors,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type Language,
  PRERENDERED_MANIFEST,
  PUBLIC_URL_MARK,
  ROUTES_MANIFEST,
  type TPrerenderedPages,
  type TRouteManifest,
} from "@parley/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors";

const API_PATH = /^\/(api|v1|files)(\/|$)/;

/**
 * A route pattern of the web app as a test of a path, as React Router reads it: `:name` takes one segment, `:name?`
 * one or none, `*` the rest; letters match in either case, and a trailing slash is ignored.
 */
export function routeMatcher(pattern: string): RegExp {
  const segments = pattern.split("/").filter(Boolean);
  const body = segments
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${body}/*$`, "i");
}

/** The language a public page is served in: the `lang` parameter, then the visitor's remembered choice. */
export function pageLanguage(request: Pick<FastifyRequest, "query" | "headers">): Language {
  const requested = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_PARAM];
  if (isLanguage(requested)) return requested;
  const cookie = request.headers.cookie
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}

/**
 * Serves the built web app: files by path; the public pages as prerendered HTML in the visitor's language; and
 * `index.html` for every other GET so client-side routes survive a reload, with 404 where no route of the app takes
 * the address. Unknown API paths answer the JSON envelope with code 004 instead. Also `robots.txt` and a
 * `sitemap.xml` of the prerendered pages.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string, publicUrl: string): Promise<void> {
  const indexFile = path.join(webDistDir, "index.html");
  const hasWeb = fs.existsSync(indexFile);
  const manifestFile = path.join(webDistDir, PRERENDERED_MANIFEST);
  const prerendered: TPrerenderedPages = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, "utf8"))
    : { pages: [] };
  const routesFile = path.join(webDistDir, ROUTES_MANIFEST);
  // A build without the list (an older one) cannot tell unknown addresses, so it serves every one as before.
  const knownRoutes: RegExp[] | null = fs.existsSync(routesFile)
    ? (JSON.parse(fs.readFileSync(routesFile, "utf8")) as TRouteManifest).patterns.map(routeMatcher)
    : null;
  const isKnownPath = (pathname: string) => knownRoutes === null || knownRoutes.some((route) => route.test(pathname));
  // Read and compressed once per file: the pages change only with a new build, which restarts the server.
  const pageCache = new Map<string, { plain: Buffer; br: Buffer; gzip: Buffer }>();
  const readPage = (file: string) => {
    let page = pageCache.get(file);
    if (page === undefined) {
      const plain = Buffer.from(fs.readFileSync(file, "utf8").replaceAll(PUBLIC_URL_MARK, publicUrl));
      page = { plain, br: zlib.brotliCompressSync(plain), gzip: zlib.gzipSync(plain, { level: 9 }) };
      pageCache.set(file, page);
    }
    return page;
  };
  const pageFile = (pathname: string, language: Language) => {
    const normalized = pathname.replace(/\/+$/, "") || "/";
    if (!prerendered.pages.some((page) => page.path === normalized)) return null;
    return path.join(webDistDir, normalized, `index.${language}.html`);
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` copies of what compresses well (scripts/compress.ts).
      preCompressed: true,
      // Hashed assets never change; index.html must be re-read so a deploy is seen at once.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // Pages without an icon of their own (the SDK reference, a browser's guess before the app's link is read) ask for
  // /favicon.ico: they get the product's icon rather than a 404 in every console.
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=86400").redirect("/favicon.svg", 301),
  );

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .send(
        [
          "User-agent: *",
          "Allow: /intro",
          "Disallow: /api/",
          "Disallow: /v1/",
          `Sitemap: ${publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      ),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const address = (pagePath: string, language: Language) => `${publicUrl}${pagePath}?${LANGUAGE_PARAM}=${language}`;
    // One entry per language of each page, each naming its alternates, as search engines ask for.
    const entries = prerendered.pages
      .filter((page) => page.canonicalPath === page.path)
      .flatMap((page) =>
        page.languages.map((language) =>
          [
            "  <url>",
            `    <loc>${address(page.path, language)}</loc>`,
            ...page.languages.map(
              (other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${address(page.path, other)}"/>`,
            ),
            "  </url>",
          ].join("\n"),
        ),
      );
    return reply
      .type("application/xml; charset=utf-8")
      .send(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
          ...entries,
          "</urlset>",
          "",
        ].join("\n"),
      );
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (API_PATH.test(pathname) || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new AppError(Errors.ROUTE_NOT_FOUND);
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built. Run `npm run build` (or `npm start`, which builds it first).");
    }
    const page = pageFile(pathname, pageLanguage(request));
    if (page && fs.existsSync(page)) {
      const body = readPage(page);
      const accepted = request.headers["accept-encoding"] ?? "";
      const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
      reply
        .header("cache-control", "no-cache")
        .header("vary", "Cookie, Accept-Encoding")
        .type("text/html; charset=utf-8");
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(encoding ? body[encoding] : body.plain);
    }
    // An address no route takes still gets the app, which shows its not-found page, but with 404: a search engine
    // must not index it as a page, and a link checker must see it is broken.
    return reply
      .status(isKnownPath(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .sendFile("index.html", webDistDir);
  });
}
