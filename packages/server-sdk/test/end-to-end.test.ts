import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ParleyServer, type TAnyWebhookPayload, verifyWebhook } from "../src";
import { ALLOW_LOOPBACK, json, loginWith, serverApp, startServer, type TestServer, waitFor } from "./helpers";

let t: TestServer;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The webhook receiver of the last test listens on this machine, which the outbound guard refuses by default.
  t = await startServer(ALLOW_LOOPBACK);
});

afterAll(async () => {
  for (const close of closers) await close();
  await t?.close();
});

describe("a login token signed on the app's server", () => {
  it("logs the user in, making them on first login with the nickname it carries", async () => {
    const { appId, apiKey, dashboard } = await serverApp(t);
    // The dashboard shows the secret once, with its ID, which a token names as its kid.
    const created = await json<{ secret: { id: string }; value: string }>(
      "signing secret",
      dashboard("POST", `/apps/${appId}/login-signing/secrets`, {}),
    );
    const parley = new ParleyServer({
      baseUrl: t.baseUrl,
      apiKey,
      appId,
      signing: { keyId: created.secret.id, secret: created.value },
    });
    const token = parley.tokens.sign("newcomer", { nickname: "New", expiresInSeconds: 600 });
    const login = await loginWith(t.baseUrl, appId, "newcomer", token);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { userId: "newcomer", nickname: "New" } });
    expect(await parley.users.get("newcomer")).toMatchObject({ nickname: "New" });

    // Sends as a user log the user in with a token signed here, without asking the API for one.
    const channel = await parley.channels.create({ name: "Signed", userIds: ["newcomer"] });
    expect(await parley.messages.sendAs("newcomer", channel.id, "signed in")).toMatchObject({
      sender: { userId: "newcomer" },
    });
  });

  it("is refused once the user's tokens issued before now are revoked, with code 3184", async () => {
    const { appId, apiKey, dashboard } = await serverApp(t);
    const created = await json<{ secret: { id: string }; value: string }>(
      "signing secret",
      dashboard("POST", `/apps/${appId}/login-signing/secrets`, {}),
    );
    const parley = new ParleyServer({
      baseUrl: t.baseUrl,
      apiKey,
      appId,
      signing: { keyId: created.secret.id, secret: created.value },
    });
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    // The server's clock stands still in tests at the time its process started; a token signed two minutes before
    // that was issued before the revocation, which takes the server's now.
    const signedAt = new Date(Date.now() - 120_000);
    const token = parley.tokens.sign("kim", { now: signedAt });
    const { issuedBefore } = await parley.tokens.revoke({ userId: "kim" });
    expect(Date.parse(issuedBefore)).toBeGreaterThan(signedAt.getTime());
    const login = await loginWith(t.baseUrl, appId, "kim", token);
    expect(login.status).toBe(401);
    expect(await login.json()).toMatchObject({ code: "3184" });
    // For every user of the app at once, from a time given.
    const appWide = await parley.tokens.revoke({ issuedBefore: signedAt });
    expect(Date.parse(appWide.issuedBefore)).toBe(signedAt.getTime());
  });
});

describe("webhooks", () => {
  it("verifies a delivery the server signed, from the raw body and Node's headers", async () => {
    const deliveries: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => receiver.close(() => resolve())));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

    const { appId, dashboard, parley } = await serverApp(t);
    const { settings } = await json<{ settings: { secret: string } }>(
      "webhook settings",
      dashboard("GET", `/apps/${appId}/webhook/settings`),
    );
    await json(
      "webhook URL",
      dashboard("PUT", `/apps/${appId}/webhook/settings`, { url, events: ["message.created"] }),
    );
    await json("webhook on", dashboard("PUT", `/apps/${appId}/webhook/enabled`, { enabled: true }));

    const channel = await parley.channels.create({ name: "Hooked" });
    const sent = await parley.messages.send(channel.id, "delivered and signed");
    const delivery = await waitFor("the delivery", () => deliveries[0]);
    const event: TAnyWebhookPayload = verifyWebhook(settings.secret, delivery.headers, delivery.body);
    expect(event.type).toBe("message.created");
    expect(event.data).toMatchObject({ appId, event: { message: { id: sent.id, text: "delivered and signed" } } });
    expect(() => verifyWebhook(settings.secret, delivery.headers, delivery.body.replace("signed", "forged"))).toThrow(
      /no signature/,
    );
  });
});
