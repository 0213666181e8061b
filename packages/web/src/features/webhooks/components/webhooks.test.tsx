import {
  type TChatEventType,
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookEvent,
  type TWebhookPayload,
  type TWebhookSettings,
  WEBHOOK_EVENTS,
} from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { Webhooks } from "./webhooks";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/webhook`;
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

function payload(event: TWebhookEvent): TWebhookPayload {
  return {
    type: event,
    timestamp: "2026-03-10T09:00:00.000Z",
    data: {
      appId,
      event: {
        id: "42",
        // The fixture's shape is a chat event's whatever the event; only its type is shown.
        type: event as TChatEventType,
        channelId: "c0ffee00-0000-4000-8000-000000000001",
        createdAt: "2026-03-10T09:00:00.000Z",
        userId: "alice",
      },
    },
  };
}

function attempt(overrides: Partial<TWebhookAttempt> = {}): TWebhookAttempt {
  return {
    attemptedAt: "2026-03-10T09:00:01.000Z",
    httpStatus: 500,
    durationMs: 120,
    responseExcerpt: "upstream exploded",
    error: null,
    ...overrides,
  };
}

function delivery(index: number, overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery {
  return {
    id: `msg_${index}`,
    eventType: "message.created",
    eventId: String(index),
    status: "succeeded",
    attemptCount: 1,
    nextAttemptAt: null,
    createdAt: "2026-03-10T09:00:00.000Z",
    lastAttempt: attempt({ httpStatus: 204, responseExcerpt: "" }),
    ...overrides,
  };
}

interface ServerOptions {
  /** What `POST webhook/test` answers. */
  test?: "ok" | "fail";
}

function stubServer({ test = "ok" }: ServerOptions = {}) {
  let enabled = false;
  let settings: TWebhookSettings = { url: "", events: [], secret: SECRET, previousSecretExpiresAt: null };
  const failed = delivery(0, {
    id: "msg_failed",
    eventType: "member.left",
    status: "failed",
    attemptCount: 2,
    lastAttempt: attempt(),
  });
  const log = [failed, ...Array.from({ length: 24 }, (_, index) => delivery(index + 1))];
  const fetchMock = stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    switch (`${method} ${url.pathname}`) {
      case `GET ${base}/enabled`:
        return jsonResponse(200, { enabled });
      case `PUT ${base}/enabled`:
        enabled = body.enabled;
        return jsonResponse(200, { enabled });
      case `GET ${base}/settings`:
        return jsonResponse(200, { settings });
      case `PUT ${base}/settings`:
        if (new URL(body.url).hostname === "10.0.0.8") {
          return jsonResponse(400, { code: "3043", message: "private address" });
        }
        settings = { ...settings, url: body.url, events: body.events };
        return jsonResponse(200, { settings });
      case `POST ${base}/secret/rotate`:
        settings = {
          ...settings,
          secret: "whsec_bmV3LXNlY3JldC1ieXRlcy0xMjM0NTY3OA==",
          previousSecretExpiresAt: "2026-03-11T09:00:00.000Z",
        };
        return jsonResponse(200, { settings });
      case `GET ${base}/sample`: {
        const event = url.searchParams.get("event") as TWebhookEvent;
        return jsonResponse(200, { event, payload: payload(event) });
      }
      case `POST ${base}/test`:
        if (test === "fail") {
          return jsonResponse(502, {
            code: "3044",
            message: "The webhook test send failed; the reason is in the message.",
            data: { reason: "The receiver answered HTTP 500" },
          });
        }
        return jsonResponse(200, { delivery: delivery(99, { eventType: body.event, eventId: null }) });
      case `GET ${base}/deliveries`: {
        const rows = url.searchParams.get("status") === "failed" ? [failed] : log;
        const start = Number(url.searchParams.get("cursor") ?? 0);
        const limit = Number(url.searchParams.get("limit"));
        const next = start + limit < rows.length ? String(start + limit) : null;
        return jsonResponse(200, { deliveries: rows.slice(start, start + limit), nextCursor: next });
      }
      case `GET ${base}/deliveries/msg_failed`:
        return jsonResponse(200, {
          delivery: failed,
          attempts: [attempt({ httpStatus: null, durationMs: 15000, error: "timed out after 15 s" }), attempt()],
          payload: payload("member.left"),
        });
      case `POST ${base}/deliveries/msg_failed/redeliver`:
        return jsonResponse(200, {
          delivery: { ...failed, status: "pending", nextAttemptAt: "2026-03-10T10:00:00.000Z" },
        });
      default:
        return jsonResponse(404, { code: "004", message: "No such route" });
    }
  });
  return fetchMock;
}

const renderScreen = () => renderWithRouter(<Webhooks appId={appId} />, `/apps/${appId}/webhooks`);

// Rendering the screen and typing through MUI fields in jsdom outruns the default 5 s on a busy machine.
describe("Webhooks", () => {
  it("checks the URL with the contract's rule, shows a private address (3043) on it, then saves URL and events; the switch waits for the URL", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.webhooks") })).toBeInTheDocument();
    const form = await screen.findByRole("form", { name: t("webhooks.settings.title") });
    const save = within(form).getByRole("button", { name: t("common.save") });
    const url = inputByLabel(t("webhooks.settings.url"));
    const toggle = screen.getByRole("switch", { name: t("webhooks.enabled") });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(t("webhooks.needsUrl"));

    await user.type(url, "ftp://hooks.example.com");
    expect(await within(form).findByText(t("VALIDATION_URL"))).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(url);
    await user.type(url, "http://10.0.0.8/hook");
    await user.click(within(form).getByRole("checkbox", { name: t("webhooks.settings.selectAll") }));
    // By label: one role query walks the whole form's accessibility tree, and this looks up every event.
    for (const event of WEBHOOK_EVENTS) {
      expect(within(form).getByLabelText(t(`webhooks.events.${event}`))).toBeChecked();
    }
    await user.click(within(form).getByRole("checkbox", { name: t("webhooks.events.channel.frozen") }));
    expect(within(form).getByRole("checkbox", { name: t("webhooks.settings.selectAll") })).toHaveAttribute(
      "data-indeterminate",
      "true",
    );
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(form).findByText(t("ERROR_3043"))).toBeInTheDocument();
    expect(url).toHaveAttribute("aria-invalid", "true");

    await user.clear(url);
    await user.type(url, "https://hooks.example.com/parley");
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(t("webhooks.settings.saved"))).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    const puts = fetchMock.mock.calls.filter(([u, init]) => u === `${base}/settings` && init?.method === "PUT");
    expect(JSON.parse(String(puts.at(-1)?.[1]?.body))).toEqual({
      url: "https://hooks.example.com/parley",
      events: WEBHOOK_EVENTS.filter((event) => event !== "channel.frozen"),
    });
    expect(screen.getByRole("button", { name: t("webhooks.test.send") })).toBeEnabled();
    expect(toggle).toBeEnabled();
    expect(screen.queryByText(t("webhooks.needsUrl"))).not.toBeInTheDocument();
  });

  it("masks the secret until revealed, copies it, and rotates it after a warning about the 24 hours", async () => {
    stubServer();
    const { user } = renderScreen();
    const secret = await screen.findByTestId("webhook-secret");
    expect(secret).not.toHaveTextContent(SECRET);
    expect(secret).toHaveTextContent(/^whsec_•+$/);

    await user.click(screen.getByRole("button", { name: t("webhooks.secret.reveal") }));
    expect(secret).toHaveTextContent(SECRET);
    await user.click(screen.getByRole("button", { name: t("webhooks.secret.copy") }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    await user.click(screen.getByRole("button", { name: t("webhooks.secret.rotate") }));
    const confirm = await screen.findByRole("dialog", { name: t("webhooks.secret.rotateTitle") });
    expect(confirm).toHaveTextContent(t("webhooks.secret.rotateBody", { hours: 24 }));
    await user.click(within(confirm).getByRole("button", { name: t("webhooks.secret.rotate") }));
    expect(await screen.findByText(t("webhooks.secret.rotated"))).toBeInTheDocument();
    const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date("2026-03-11T09:00:00.000Z"),
    );
    expect(screen.getByText(t("webhooks.secret.previousUntil", { time: until }))).toBeInTheDocument();
    expect(screen.getByTestId("webhook-secret")).toHaveTextContent(/^whsec_•+$/);
  });

  it("shows the sample payload of the chosen event as JSON", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    expect(await screen.findByTestId("webhook-sample")).toHaveTextContent('"type": "message.created"');
    await user.click(screen.getByRole("combobox", { name: t("webhooks.try.event") }));
    await user.click(await screen.findByRole("option", { name: t("webhooks.events.member.joined") }));
    await waitFor(() => expect(screen.getByTestId("webhook-sample")).toHaveTextContent('"type": "member.joined"'));
    expect(fetchMock.mock.calls.some(([url]) => url === `${base}/sample?event=member.joined`)).toBe(true);
  });

  it("says a test send failed (3044) with the receiver's reason", async () => {
    stubServer({ test: "fail" });
    const { user } = renderScreen();
    await screen.findByRole("form", { name: t("webhooks.settings.title") });
    await user.type(inputByLabel(t("webhooks.settings.url")), "https://hooks.example.com/parley");
    await user.click(screen.getByRole("button", { name: t("common.save") }));
    const send = screen.getByRole("button", { name: t("webhooks.test.send") });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    const failure = await screen.findByTestId("webhook-test-failure");
    expect(failure).toHaveTextContent(t("ERROR_3044"));
    expect(failure).toHaveTextContent("The receiver answered HTTP 500");
  });

  it("reports a delivered test send in the snackbar", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    await screen.findByRole("form", { name: t("webhooks.settings.title") });
    await user.type(inputByLabel(t("webhooks.settings.url")), "https://hooks.example.com/x");
    await user.click(screen.getByRole("button", { name: t("common.save") }));
    const send = screen.getByRole("button", { name: t("webhooks.test.send") });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await screen.findByText(t("webhooks.test.succeeded", { status: 204 }))).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([u]) => u === `${base}/test`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ event: "message.created" });
  });

  it("filters failed deliveries, opens one with its attempts and payload, and redelivers it", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    const table = await screen.findByRole("table", { name: t("webhooks.deliveries.title") });
    expect(within(table).getAllByRole("row")).toHaveLength(21);
    await user.click(screen.getByRole("button", { name: t("common.loadMore") }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(26));

    await user.click(screen.getByRole("button", { name: t("webhooks.deliveries.filterFailed") }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("table", { name: t("webhooks.deliveries.title") })).getAllByRole("row"),
      ).toHaveLength(2),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("status=failed"))).toBe(true);

    await user.click(screen.getByRole("button", { name: t("webhooks.events.member.left") }));
    const dialog = await screen.findByRole("dialog", { name: t("webhooks.deliveries.detailTitle") });
    const attempts = await within(dialog).findByRole("table", { name: t("webhooks.deliveries.attempts") });
    expect(within(attempts).getAllByRole("row")).toHaveLength(3);
    expect(attempts).toHaveTextContent("timed out after 15 s");
    expect(attempts).toHaveTextContent("upstream exploded");
    expect(within(dialog).getByTestId("webhook-delivery-payload")).toHaveTextContent('"type": "member.left"');

    await user.click(within(dialog).getByRole("button", { name: t("webhooks.deliveries.redeliver") }));
    expect(await screen.findByText(t("webhooks.deliveries.redelivered"))).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === `${base}/deliveries/msg_failed/redeliver` && init?.method === "POST",
      ),
    ).toBe(true);
  });
});
