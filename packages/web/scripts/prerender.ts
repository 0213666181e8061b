/**
 * Writes every public page as HTML in each language, after `vite build` (the client) and `vite build --ssr`
 * (src/entry-server.tsx): the first byte already carries the page, which main.tsx then hydrates. The server
 * picks `<page>/index.<language>.html` by the `lang` parameter or cookie, puts its own public address where
 * `%PUBLIC_URL%` stands, and lists the pages of `prerendered.json` in sitemap.xml. Also writes `routes.json`, the
 * app's address patterns, against which the server tells a page it does not have (404) from one it has.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  LANGUAGE_PARAM,
  LANGUAGES,
  type Language,
  PRERENDERED_MANIFEST,
  PUBLIC_URL_MARK,
  ROUTES_MANIFEST,
  type TPrerenderedPages,
  type TRouteManifest,
} from "@parley/contract";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const server: typeof import("../src/entry-server") = await import(path.join(root, "dist-ssr/entry-server.js"));

/** What the Open Graph `og:locale` calls each language. */
const OG_LOCALE: Record<Language, string> = { ko: "ko_KR", en: "en_US" };

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const address = (pagePath: string, language?: Language) =>
  `${PUBLIC_URL_MARK}${pagePath}${language ? `?${LANGUAGE_PARAM}=${language}` : ""}`;

const template = await fs.readFile(path.join(dist, "index.html"), "utf8");
const manifest: Record<string, ManifestChunk> = JSON.parse(
  await fs.readFile(path.join(dist, ".vite/manifest.json"), "utf8"),
);

/** The chunks a route module needs, so the browser fetches them with the entry instead of after it. */
function preloads(moduleIds: string[]): string[] {
  const files = new Set<string>();
  const visit = (id: string) => {
    const chunk = manifest[id];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const id of moduleIds) visit(id);
  const entry = Object.values(manifest).find((chunk) => (chunk as { isEntry?: boolean }).isEntry);
  if (entry) {
    files.delete(entry.file);
    for (const id of entry.imports ?? []) files.delete(manifest[id]?.file ?? "");
  }
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

const introModule = (name: string) => `src/app/routes/intro/${name}.tsx`;
const moduleOfPath = (pagePath: string) => {
  const rest = pagePath.replace(/^\/intro\/?/, "").split("/")[0] ?? "";
  const byPath: Record<string, string> = {
    "": "home",
    product: "product",
    docs: "docs",
    pricing: "pricing",
    company: "company",
    terms: "terms",
    privacy: "privacy",
    contactus: "contact-us",
    freetrial: "free-trial",
    partner: "partner",
  };
  const name = byPath[rest];
  if (!name) throw new Error(`no route module known for ${pagePath}`);
  return introModule(name);
};

/**
 * Pages whose prerendered HTML is the whole page: they load src/intro-lite.ts instead of the app, which that script
 * loads only for a visitor the page must change for. The home page, where most visitors arrive.
 */
const DOCUMENT_PAGES = new Set(["/intro"]);
const liteEntry = manifest["src/intro-lite.ts"]?.file;
const appEntry = manifest["index.html"]?.file;
if (!liteEntry || !appEntry) throw new Error("the build's manifest names no app or home page entry");
const appScript = `<script type="module" crossorigin src="/${appEntry}"></script>`;
if (!template.includes(appScript)) throw new Error(`index.html does not load the app as ${appScript}`);
/** The template with the small script in place of the app, and none of the app's chunks preloaded. */
const documentTemplate = template
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
  .replace(appScript, `<script type="module" crossorigin src="/${liteEntry}" data-app="/${appEntry}"></script>`);

const written: TPrerenderedPages["pages"] = [];
for (const page of server.introPages) {
  const canonicalPath = page.canonicalPath ?? page.path;
  for (const language of LANGUAGES) {
    const rendered = await server.renderPage(page, language);
    const isDocument = DOCUMENT_PAGES.has(page.path);
    const head = [
      `<title>${escapeHtml(rendered.title)}</title>`,
      `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
      `<link rel="canonical" href="${address(canonicalPath, language)}" />`,
      ...LANGUAGES.map(
        (other) => `<link rel="alternate" hreflang="${other}" href="${address(canonicalPath, other)}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${address(canonicalPath)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="Parley" />`,
      `<meta property="og:title" content="${escapeHtml(rendered.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(rendered.description)}" />`,
      `<meta property="og:url" content="${address(canonicalPath, language)}" />`,
      `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
      ...(isDocument
        ? []
        : preloads([
            introModule("layout"),
            moduleOfPath(page.path),
            `src/i18n/locales/${language}/public.json`,
            `src/i18n/locales/${language}/site.json`,
          ])),
      rendered.styles,
    ].join("\n    ");
    const html = (isDocument ? documentTemplate : template)
      .replace(/<html lang="[^"]*">/, `<html lang="${language}" data-prerendered>`)
      .replace(/\s*<title>[^<]*<\/title>/, "")
      .replace(/\s*<meta name="description"[^>]*>/, "")
      .replace("</head>", `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
    const file = path.join(dist, page.path, `index.${language}.html`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, html);
  }
  written.push({ path: page.path, canonicalPath, languages: [...LANGUAGES] });
}
await fs.writeFile(
  path.join(dist, PRERENDERED_MANIFEST),
  `${JSON.stringify({ pages: written } satisfies TPrerenderedPages, null, 2)}\n`,
);
await fs.writeFile(
  path.join(dist, ROUTES_MANIFEST),
  `${JSON.stringify({ patterns: server.appRoutePatterns } satisfies TRouteManifest, null, 2)}\n`,
);
process.stdout.write(`prerendered ${written.length} pages in ${LANGUAGES.length} languages\n`);
