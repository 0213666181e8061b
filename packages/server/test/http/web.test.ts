import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeMatcher } from "../../src/http/web";
import { startTestApp, type TestApp } from "../harness";

let t: TestApp;
let webDir: string;

const SCRIPT = `export const text = ${JSON.stringify("x".repeat(2000))};`;

/** A built web app with one prerendered public page in both languages, as scripts/prerender.ts writes it. */
async function writeWebDist(dir: string) {
  await fs.mkdir(path.join(dir, "intro/pricing"), { recursive: true });
  await fs.writeFile(path.join(dir, "index.html"), "<html><body>app shell</body></html>");
  for (const language of ["ko", "en"]) {
    await fs.writeFile(
      path.join(dir, `intro/pricing/index.${language}.html`),
      `<html lang="${language}"><link rel="canonical" href="%PUBLIC_URL%/intro/pricing?lang=${language}">pricing ${language}</html>`,
    );
  }
  await fs.mkdir(path.join(dir, "assets"));
  await fs.writeFile(path.join(dir, "assets/app.js"), SCRIPT);
  await fs.writeFile(path.join(dir, "assets/app.js.br"), zlib.brotliCompressSync(SCRIPT));
  const pages = [{ path: "/intro/pricing", canonicalPath: "/intro/pricing", languages: ["ko", "en"] }];
  await fs.writeFile(path.join(dir, "prerendered.json"), JSON.stringify({ pages }));
  const patterns = ["/", "/intro", "/intro/pricing", "/intro/docs/:tab?", "/login", "/apps/:appId/report"];
  await fs.writeFile(path.join(dir, "routes.json"), JSON.stringify({ patterns }));
}

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-web-"));
  await writeWebDist(webDir);
  t = await startTestApp({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.server.inject({ method: "GET", url, headers });

describe("prerendered public pages", () => {
  it("serves a page in the language of its lang parameter, with the public address filled in", async () => {
    const res = await get("/intro/pricing?lang=en");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("pricing en");
    expect(res.body).toContain('href="http://parley.test/intro/pricing?lang=en"');
  });

  it("serves the language of the visitor's cookie when the address names none, and Korean without either", async () => {
    expect((await get("/intro/pricing", { cookie: "a=1; parley_language=en" })).body).toContain("pricing en");
    expect((await get("/intro/pricing/")).body).toContain("pricing ko");
    expect((await get("/intro/pricing?lang=xx", { cookie: "parley_language=fr" })).body).toContain("pricing ko");
    expect((await get("/intro/pricing")).headers.vary).toBe("Cookie, Accept-Encoding");
  });

  it("sends a page compressed in the encoding the browser accepts", async () => {
    const br = await get("/intro/pricing?lang=en", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain("pricing en");
    const gz = await get("/intro/pricing?lang=en", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain("pricing en");
  });

  it("sends an asset's precompressed copy when the browser accepts it", async () => {
    const res = await get("/assets/app.js", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("serves the app shell for an address that was not prerendered", async () => {
    const res = await get("/login?next=/apps");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("app shell");
  });
});

describe("addresses no page takes", () => {
  it("answers an unknown address with 404 and the app, which shows its not-found page", async () => {
    for (const address of ["/intro/unknown", "/no-such-page", "/apps/7/nothing-here", "/loginx"]) {
      const res = await get(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("app shell");
    }
  });

  it("answers every address a route takes with 200, parameters and optional segments included", async () => {
    for (const address of ["/", "/login", "/LOGIN/", "/apps/5c1d/report", "/intro/docs", "/intro/docs/sdk"]) {
      expect((await get(address)).statusCode, address).toBe(200);
    }
  });

  it("keeps answering unknown API addresses with the JSON envelope", async () => {
    const res = await get("/api/no-such-route");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "004" });
  });
});

describe("route patterns", () => {
  it("reads parameters, optional segments and the rest of a path as React Router does", () => {
    expect(routeMatcher("/apps/:appId/report").test("/apps/x/report")).toBe(true);
    expect(routeMatcher("/apps/:appId/report").test("/apps//report")).toBe(false);
    expect(routeMatcher("/apps/:appId/report").test("/apps/x/report/more")).toBe(false);
    expect(routeMatcher("/intro/docs/:tab?").test("/intro/docs")).toBe(true);
    expect(routeMatcher("/intro/docs/:tab?").test("/intro/docs/a/b")).toBe(false);
    expect(routeMatcher("/a.b").test("/aXb")).toBe(false);
    expect(routeMatcher("/docs/*").test("/docs/a/b")).toBe(true);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("lists each prerendered page once per language with its alternates", async () => {
    const res = await get("/sitemap.xml");
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body.match(/<loc>/g)).toHaveLength(2);
    expect(res.body).toContain("<loc>http://parley.test/intro/pricing?lang=en</loc>");
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="ko" href="http://parley.test/intro/pricing?lang=ko"/>',
    );
  });

  it("sends a browser asking for /favicon.ico to the product's icon instead of a 404", async () => {
    const res = await get("/favicon.ico");
    expect([res.statusCode, res.headers.location]).toEqual([301, "/favicon.svg"]);
  });

  it("points crawlers at the sitemap and away from the APIs", async () => {
    const res = await get("/robots.txt");
    expect(res.body).toContain("Sitemap: http://parley.test/sitemap.xml");
    expect(res.body).toContain("Disallow: /api/");
  });
});
