import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local web server of pages for link previews: each path answers as a kind of page a link may lead to. It listens
 * on loopback, which the tests allow the outbound guard to reach (`ALLOW_LOOPBACK`).
 */
export interface PageServer {
  url: string;
  /** Paths asked for, in order. */
  requests(): string[];
  /** How many bytes the oversized page wrote before the reader hung up. */
  bigPageBytesWritten(): number;
  close(): Promise<void>;
}

/** What the oversized page would write in all: far past any reader's cap. */
export const BIG_PAGE_BYTES = 32 * 1024 * 1024;

/** "한국어 뉴스" and "서울의 오늘 날씨" in EUC-KR. */
const KOREAN_TITLE = Buffer.from("c7d1b1b9beee20b4babdba", "hex");
const KOREAN_DESCRIPTION = Buffer.from("bcadbfefc0c720bfc0b4c320b3afbebe", "hex");

export const OG_PAGE = `<!doctype html><html><head>
<meta charset="utf-8">
<title>Plain title that Open Graph overrides</title>
<meta property="og:title" content="Parley &amp; friends">
<meta property="og:description" content="Chat for   every
  app">
<meta property="og:image" content="/images/card.png">
<meta property="og:site_name" content="Parley Blog">
<meta name="twitter:title" content="Twitter title, not used">
</head><body><p>Hello</p></body></html>`;

const PLAIN_PAGE = `<html><head><!-- <title>commented out</title> -->
<title> A plain page </title>
<meta name="description" content='Only the basics &#8212; no cards'>
<script>var s = "<meta property='og:title' content='from a script'>";</script>
</head><body></body></html>`;

const TWITTER_PAGE = `<html><head>
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="From the Twitter card">
<meta name="twitter:image" content="https://cdn.example.com/t.jpg">
</head></html>`;

export async function startPageServer(): Promise<PageServer> {
  const asked: string[] = [];
  let bigWritten = 0;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://pages").pathname;
    asked.push(path);
    const html = (body: string | Buffer, type = "text/html; charset=utf-8") => {
      res.writeHead(200, { "content-type": type });
      res.end(body);
    };
    switch (path) {
      case "/og":
        return html(OG_PAGE);
      case "/plain":
        return html(PLAIN_PAGE, "text/html");
      case "/twitter":
        return html(TWITTER_PAGE);
      case "/korean":
        // The charset is named by the page alone, not by the header, as older Korean sites do.
        return html(
          Buffer.concat([
            Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=euc-kr"><title>'),
            KOREAN_TITLE,
            Buffer.from('</title><meta name="description" content="'),
            KOREAN_DESCRIPTION,
            Buffer.from('"></head></html>'),
          ]),
          "text/html",
        );
      case "/big": {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.write("<html><head><title>A very long page</title></head><body>");
        const chunk = Buffer.alloc(64 * 1024, "a");
        // All of it unless the reader hangs up first: what counts is that it does, at its cap.
        const pump = () => {
          while (bigWritten < BIG_PAGE_BYTES && !res.destroyed) {
            bigWritten += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end("</body></html>");
        };
        return pump();
      }
      case "/slow":
        // Never answered: the preview's time cap ends it.
        held.push(res);
        return;
      case "/to-guarded":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      case "/hop":
        res.writeHead(301, { location: "/og" });
        return res.end();
      case "/json":
        return html('{"title":"not a page"}', "application/json");
      default:
        res.writeHead(404, { "content-type": "text/html" });
        return res.end("<title>Not found</title>");
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...asked],
    bigPageBytesWritten: () => bigWritten,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
