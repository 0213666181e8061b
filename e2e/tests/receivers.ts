import http from "node:http";

/**
 * One local stand-in for the outside services the server talks to (FCM, Google's Translation API, a customer's
 * webhook endpoint), speaking their real HTTP protocols. The server is pointed at it by the settings in
 * playwright.config.ts; a spec starts it before its tests and stops it after.
 */
export const VALID_TRANSLATION_KEY = "AIzaE2eValidTranslationKey0001";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function receiverPort(): number {
  const port = Number(process.env.PARLEY_E2E_RECEIVER_PORT);
  if (!port) throw new Error("PARLEY_E2E_RECEIVER_PORT is not set; run through playwright.config.ts");
  return port;
}

export async function startReceivers() {
  const received: Received[] = [];
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path: url.pathname, headers: req.headers, body });
      if (url.pathname === "/fcm/send") {
        return json(res, 200, { multicast_id: 1, success: 1, failure: 0, results: [{ message_id: "0:e2e" }] });
      }
      if (url.pathname.startsWith("/language/translate/v2")) {
        if (url.searchParams.get("key") !== VALID_TRANSLATION_KEY) {
          return json(res, 400, {
            error: {
              code: 400,
              message: "API key not valid. Please pass a valid API key.",
              status: "INVALID_ARGUMENT",
              errors: [{ message: "API key not valid. Please pass a valid API key.", reason: "badRequest" }],
            },
          });
        }
        if (url.pathname.endsWith("/languages")) return json(res, 200, { data: { languages: [{ language: "ko" }] } });
        const request = JSON.parse(body || "{}") as { q?: string | string[]; target?: string };
        const texts = Array.isArray(request.q) ? request.q : [request.q ?? ""];
        return json(res, 200, {
          data: {
            translations: texts.map((text) => ({
              translatedText: `[${request.target}] ${text}`,
              detectedSourceLanguage: "en",
            })),
          },
        });
      }
      if (url.pathname.startsWith("/hooks/fail")) return json(res, 500, { error: "receiver is down" });
      if (url.pathname.startsWith("/hooks/")) return json(res, 200, { ok: true });
      json(res, 404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(receiverPort(), "127.0.0.1", resolve));
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${receiverPort()}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
