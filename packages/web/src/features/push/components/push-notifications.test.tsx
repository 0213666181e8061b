import {
  DEFAULT_PUSH_NOTIFICATION_SETTINGS,
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS,
  PUSH_TEMPLATE_KEYS,
  type TApnsKey,
  type TFcmKey,
  type TPushAttempt,
} from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { PushNotifications } from "./push-notifications";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/push`;
/** A .p8 file's shape; the stub server only looks for its PEM header. */
const P8 = "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----\n";

function attempt(index: number, overrides: Partial<TPushAttempt> = {}): TPushAttempt {
  return {
    id: `attempt-${index}`,
    createdAt: "2026-03-10T09:00:00.000Z",
    userId: `user-${index}`,
    platform: "android",
    provider: "fcm",
    deviceHint: `…dev${index}`,
    trigger: "message/send",
    status: "sent",
    httpStatus: 200,
    response: `projects/demo/messages/${index}`,
    title: "My App",
    body: "Alice: Hello!",
    ...overrides,
  };
}

/** A push API with state, answering as the contract says; `failTest` makes the test send fail with that code. */
function stubServer({ failTest, extraLog = [] }: { failTest?: string; extraLog?: TPushAttempt[] } = {}) {
  let enabled = false;
  let fcmKey: TFcmKey | null = null;
  let apnsKey: TApnsKey | null = null;
  let superChannel = DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS;
  const log = [...extraLog, ...Array.from({ length: 25 }, (_, index) => attempt(index))];
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
      case `GET ${base}/fcm/key`:
        return jsonResponse(200, { key: fcmKey });
      case `PUT ${base}/fcm/key`:
        if (body.kind === "legacy") return jsonResponse(400, { code: "3039", message: "Not a credential" });
        if (JSON.parse(body.serviceAccountJson).token_uri === "http://10.0.0.1/token") {
          return jsonResponse(400, { code: "3063", message: "Refused token_uri", data: { reason: "10.0.0.1" } });
        }
        fcmKey = {
          kind: "serviceAccount",
          hint: JSON.parse(body.serviceAccountJson).client_email,
          projectId: JSON.parse(body.serviceAccountJson).project_id,
          createdAt: "2026-03-10T09:00:00.000Z",
        };
        return jsonResponse(200, { key: fcmKey });
      case `DELETE ${base}/fcm/key`:
        fcmKey = null;
        return new Response(null, { status: 204 });
      case `GET ${base}/apns/key`:
        return jsonResponse(200, { key: apnsKey });
      case `PUT ${base}/apns/key`:
        if (!String(body.privateKey).includes("BEGIN PRIVATE KEY")) {
          return jsonResponse(400, { code: "3150", message: "Not an APNs key" });
        }
        apnsKey = {
          keyId: body.keyId,
          teamId: body.teamId,
          bundleId: body.bundleId,
          environment: body.environment,
          fingerprint: "SHA256:3q2+7w0123456789abcdefghijklmnopqrstuvwxyzA",
          createdAt: "2026-03-10T09:00:00.000Z",
        };
        return jsonResponse(200, { key: apnsKey });
      case `DELETE ${base}/apns/key`:
        apnsKey = null;
        return jsonResponse(200, { key: null });
      case `POST ${base}/apns/test`:
        return body.token.startsWith("dead")
          ? jsonResponse(200, { status: "invalid_token", httpStatus: 400, reason: "BadDeviceToken", apnsId: "A1" })
          : jsonResponse(200, {
              status: "sent",
              httpStatus: 200,
              reason: null,
              apnsId: "8C1D2E3F-0000-4000-8000-000000000001",
            });
      case `GET ${base}/notification/settings`:
        return jsonResponse(200, { settings: DEFAULT_PUSH_NOTIFICATION_SETTINGS });
      case `GET ${base}/notification/settings/superchannel`:
        return jsonResponse(200, { settings: superChannel });
      case `PUT ${base}/notification/settings/superchannel`:
        superChannel = body;
        return jsonResponse(200, { settings: superChannel });
      case `GET ${base}/templates`:
        return jsonResponse(200, {
          templates: PUSH_TEMPLATE_KEYS.map((key) => {
            const text = DEFAULT_PUSH_TEMPLATES.ko[key];
            return { key, text, defaultText: text, updatedAt: null };
          }),
        });
      case `GET ${base}/attempts`: {
        const userId = url.searchParams.get("userId");
        const rows = userId ? log.filter((each) => each.userId === userId) : log;
        const start = Number(url.searchParams.get("cursor") ?? 0);
        const limit = Number(url.searchParams.get("limit"));
        const next = start + limit < rows.length ? String(start + limit) : null;
        return jsonResponse(200, { attempts: rows.slice(start, start + limit), nextCursor: next });
      }
      case `POST ${base}/test`: {
        if (failTest) return jsonResponse(404, { code: failTest, message: "failed" });
        const sent = [
          attempt(100, { userId: body.userId, trigger: "test", deviceHint: "…ios1", platform: "ios" }),
          attempt(101, {
            userId: body.userId,
            trigger: "test",
            deviceHint: "…old2",
            status: "invalid_token",
            httpStatus: 404,
            response: "UNREGISTERED",
          }),
        ];
        log.unshift(...sent);
        return jsonResponse(200, { attempts: sent });
      }
      default:
        return jsonResponse(404, { code: "004", message: "No such route" });
    }
  });
  return fetchMock;
}

const renderScreen = () =>
  renderWithRouter(<PushNotifications appId={appId} appName="My App" />, `/apps/${appId}/push-notification`);

// Rendering the screen and typing through MUI fields in jsdom outruns the default 5 s on a busy machine.
describe("PushNotifications", () => {
  it("turns push on and registers a service-account JSON picked from a file", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.pushNotification") })).toBeInTheDocument();

    const toggle = await screen.findByRole("switch", { name: t("push.enabled") });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());

    expect(await screen.findByText(t("push.fcm.none"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("push.fcm.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("push.fcm.registerTitle") });
    const save = within(dialog).getByRole("button", { name: t("common.save") });
    expect(save).toBeDisabled();

    const json = JSON.stringify({
      type: "service_account",
      project_id: "demo-project",
      client_email: "push@demo-project.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
    });
    await user.upload(
      within(dialog).getByTestId("fcm-json-file"),
      new File([json], "service-account.json", { type: "application/json" }),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const facts = await screen.findByTestId("fcm-key-facts");
    expect(facts).toHaveTextContent(t("push.fcm.kinds.serviceAccount"));
    expect(facts).toHaveTextContent("push@demo-project.iam.gserviceaccount.com");
    expect(facts).toHaveTextContent("demo-project");
    const put = fetchMock.mock.calls.find(([url, init]) => url === `${base}/fcm/key` && init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ kind: "serviceAccount", serviceAccountJson: json });
    expect(await screen.findByRole("button", { name: t("push.fcm.replace") })).toBeInTheDocument();
  });

  it("offers the legacy key last as deprecated, and shows a refused one (3039) on the key field", async () => {
    stubServer();
    const { user } = renderScreen();
    await user.click(await screen.findByRole("button", { name: t("push.fcm.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("push.fcm.registerTitle") });
    // The legacy key is offered last and named deprecated; Google's current API comes first.
    const kinds = within(dialog).getAllByRole("radio");
    expect(kinds.map((radio) => radio.closest("label")?.textContent)).toEqual([
      t("push.fcm.kinds.serviceAccount"),
      t("push.fcm.kinds.legacy"),
    ]);
    expect(t("push.fcm.kinds.legacy")).toMatch(/deprecated|지원 종료/);
    await user.click(within(dialog).getByLabelText(t("push.fcm.kinds.legacy")));
    expect(within(dialog).getByText(t("push.fcm.legacyEnded"))).toBeInTheDocument();
    await user.type(inputByLabel(t("push.fcm.serverKey")), "AAAA-not-a-real-server-key");
    await user.click(within(dialog).getByRole("button", { name: t("common.save") }));
    expect(await within(dialog).findByText(t("ERROR_3039"))).toBeInTheDocument();
    expect(inputByLabel(t("push.fcm.serverKey"))).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: t("push.fcm.registerTitle") })).toBeInTheDocument();
  });

  it("shows a service account whose token_uri is refused (3063) on the JSON field and keeps the dialog open", async () => {
    stubServer();
    const { user } = renderScreen();
    await user.click(await screen.findByRole("button", { name: t("push.fcm.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("push.fcm.registerTitle") });
    const json = JSON.stringify({
      type: "service_account",
      project_id: "demo-project",
      client_email: "push@demo-project.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
      token_uri: "http://10.0.0.1/token",
    });
    await user.upload(
      within(dialog).getByTestId("fcm-json-file"),
      new File([json], "service-account.json", { type: "application/json" }),
    );
    const save = within(dialog).getByRole("button", { name: t("common.save") });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(dialog).findByText(t("ERROR_3063"))).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: t("push.fcm.serviceAccountJson") })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });

  it("refuses a super-channel interval under 5 minutes before it reaches the server", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    const form = await screen.findByRole("form", { name: t("push.superChannel.title") });
    const interval = within(form).getByRole("spinbutton", { name: new RegExp(t("push.superChannel.interval")) });
    await user.clear(interval);
    await user.type(interval, "3");
    expect(await within(form).findByText(t("VALIDATION_PUSH_INTERVAL"))).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: t("common.save") })).toBeDisabled();

    await user.type(interval, "0");
    await waitFor(() => expect(within(form).getByRole("button", { name: t("common.save") })).toBeEnabled());
    await user.click(within(form).getByRole("button", { name: t("common.save") }));
    expect(await screen.findByText(t("push.superChannel.saved"))).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: true, intervalMinutes: 30 });
  });

  it("sends a test push, shows each device's result and the new rows at the top of the log", async () => {
    stubServer();
    const { user } = renderScreen();
    const log = await screen.findByRole("table", { name: t("push.log.title") });
    expect(within(log).getAllByRole("row")).toHaveLength(21);

    await user.type(inputByLabel(t("push.test.userId")), "alice");
    await user.click(screen.getByRole("button", { name: t("push.test.send") }));
    const results = await screen.findByTestId("test-push-results");
    expect(results).toHaveTextContent(t("push.test.result", { userId: "alice", sent: 1, total: 2 }));
    expect(results).toHaveTextContent("UNREGISTERED");
    expect(within(results).getByText(t("push.log.status.invalid_token"))).toBeInTheDocument();

    await waitFor(() => {
      const firstRow = within(screen.getByRole("table", { name: t("push.log.title") })).getAllByRole("row")[1];
      expect(firstRow).toHaveTextContent("alice");
      expect(firstRow).toHaveTextContent(t("push.events.test"));
    });
  });

  it("shows a user without devices (3041) on the user ID field", async () => {
    stubServer({ failTest: "3041" });
    const { user } = renderScreen();
    await screen.findByRole("form", { name: t("push.test.title") });
    await user.type(inputByLabel(t("push.test.userId")), "nobody");
    await user.click(screen.getByRole("button", { name: t("push.test.send") }));
    expect(await screen.findByText(t("ERROR_3041"))).toBeInTheDocument();
    expect(inputByLabel(t("push.test.userId"))).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("test-push-results")).not.toBeInTheDocument();
  });

  it("filters the log by user ID and loads older attempts by cursor", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    const table = await screen.findByRole("table", { name: t("push.log.title") });
    expect(within(table).getAllByRole("row")).toHaveLength(21);
    await user.click(screen.getByRole("button", { name: t("common.loadMore") }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(26));
    expect(screen.queryByRole("button", { name: t("common.loadMore") })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("cursor=20"))).toBe(true);

    await user.type(inputByLabel(t("push.log.filterUser")), "user-7");
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: t("push.log.title") })).getAllByRole("row")).toHaveLength(2),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("userId=user-7"))).toBe(true);
  });

  it("registers an APNs key from a .p8 file, taking the key ID from the file's name, and never shows the key", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    expect(await screen.findByText(t("push.apns.none"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("push.apns.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("push.apns.registerTitle") });
    const save = within(dialog).getByRole("button", { name: t("common.save") });
    expect(save).toBeDisabled();

    await user.upload(within(dialog).getByTestId("apns-p8-file"), new File([P8], "AuthKey_ABC123DEFG.p8"));
    await waitFor(() => expect(inputByLabel(t("push.apns.keyId"))).toHaveValue("ABC123DEFG"));
    await user.type(inputByLabel(t("push.apns.teamId")), "team123456");
    await user.type(inputByLabel(t("push.apns.bundleId")), "com.example.chat");
    await user.click(within(dialog).getByLabelText(t("push.apns.environments.production")));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const facts = await screen.findByTestId("apns-key-facts");
    expect(facts).toHaveTextContent("ABC123DEFG");
    expect(facts).toHaveTextContent("TEAM123456");
    expect(facts).toHaveTextContent("com.example.chat");
    expect(facts).toHaveTextContent(t("push.apns.environments.production"));
    expect(facts).toHaveTextContent("SHA256:");
    expect(facts).not.toHaveTextContent("PRIVATE KEY");
    const put = fetchMock.mock.calls.find(([url, init]) => url === `${base}/apns/key` && init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      privateKey: P8.trim(),
      keyId: "ABC123DEFG",
      teamId: "TEAM123456",
      bundleId: "com.example.chat",
      environment: "production",
    });
    expect(await screen.findByRole("button", { name: t("push.apns.replace") })).toBeInTheDocument();
  });

  it("shows a key the server refuses (3150) on the key field, and IDs that are not Apple's before saving", async () => {
    stubServer();
    const { user } = renderScreen();
    await user.click(await screen.findByRole("button", { name: t("push.apns.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("push.apns.registerTitle") });
    await user.type(inputByLabel(t("push.apns.keyId")), "ABC");
    expect(await within(dialog).findByText(t("VALIDATION_APPLE_ID"))).toBeInTheDocument();
    await user.type(inputByLabel(t("push.apns.keyId")), "123DEFG");
    await user.type(inputByLabel(t("push.apns.teamId")), "TEAM123456");
    await user.type(inputByLabel(t("push.apns.bundleId")), "com.example.chat");
    const privateKey = within(dialog).getByRole("textbox", { name: t("push.apns.privateKey") });
    await user.type(privateKey, "not a key");
    const save = within(dialog).getByRole("button", { name: t("common.save") });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(dialog).findByText(t("ERROR_3150"))).toBeInTheDocument();
    expect(privateKey).toHaveAttribute("aria-invalid", "true");
  });

  it("sends an APNs test to a device token and shows Apple's answer, then deletes the key", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    await user.click(await screen.findByRole("button", { name: t("push.apns.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("push.apns.registerTitle") });
    await user.upload(within(dialog).getByTestId("apns-p8-file"), new File([P8], "AuthKey_ABC123DEFG.p8"));
    await user.type(inputByLabel(t("push.apns.teamId")), "TEAM123456");
    await user.type(inputByLabel(t("push.apns.bundleId")), "com.example.chat");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: t("common.save") })).toBeEnabled());
    await user.click(within(dialog).getByRole("button", { name: t("common.save") }));

    const form = await screen.findByRole("form", { name: t("push.apns.test.title") });
    await user.type(within(form).getByRole("textbox", { name: t("push.apns.test.token") }), "zz");
    expect(await within(form).findByText(t("VALIDATION_APNS_DEVICE_TOKEN"))).toBeInTheDocument();
    const token = within(form).getByRole("textbox", { name: t("push.apns.test.token") });
    await user.clear(token);
    await user.type(token, "a1b2c3d4e5f6a7b8c9d0");
    await user.click(within(form).getByRole("button", { name: t("push.apns.test.send") }));
    const answer = await screen.findByTestId("apns-test-answer");
    expect(answer).toHaveTextContent(t("push.apns.test.sent"));
    expect(answer).toHaveTextContent("8C1D2E3F-0000-4000-8000-000000000001");
    const post = fetchMock.mock.calls.find(([url]) => url === `${base}/apns/test`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ token: "a1b2c3d4e5f6a7b8c9d0" });

    await user.clear(token);
    await user.type(token, "deadbeefdeadbeefdead");
    await user.click(within(form).getByRole("button", { name: t("push.apns.test.send") }));
    await waitFor(() => expect(screen.getByTestId("apns-test-answer")).toHaveTextContent("BadDeviceToken"));
    expect(screen.getByTestId("apns-test-answer")).toHaveTextContent(t("push.apns.test.invalidToken"));

    await user.click(screen.getAllByRole("button", { name: t("common.delete") }).at(-1) as HTMLElement);
    const confirm = await screen.findByRole("dialog", { name: t("push.apns.deleteTitle") });
    await user.click(within(confirm).getByRole("button", { name: t("common.delete") }));
    expect(await screen.findByText(t("push.apns.none"))).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: t("push.apns.test.title") })).not.toBeInTheDocument();
  });

  it("shows each attempt's provider in the log, and one APNs will retry", async () => {
    stubServer({
      extraLog: [attempt(900, { platform: "ios", provider: "apns", status: "retrying", httpStatus: 429 })],
    });
    renderScreen();
    const table = await screen.findByRole("table", { name: t("push.log.title") });
    const first = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(first).toHaveTextContent(`${t("push.platforms.ios")} · ${t("push.providers.apns")}`);
    expect(within(first).getByText(t("push.log.status.retrying"))).toBeInTheDocument();
  });
});
