import type { TCallSettings, TIceServersResponse, TUpdateCallSettingsRequest } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { FakePeerConnection, type PeerScript } from "@/testing/fake-peer-connection";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { TURN_PROBE_TIMEOUT_MS } from "../lib/probe-turn-server";
import { IceServersCard } from "./ice-servers-card";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/calls`;
const turnServer = {
  urls: ["turn:turn.example.com:3478"],
  username: "1767225600:dashboard-test",
  credential: "bm90LXRoZS1zZWNyZXQ=",
};

/** The call settings routes with what a real server keeps: the secret goes in and never comes out. */
function stubServer(initial: TCallSettings) {
  let settings = initial;
  let secret: string | null = initial.hasTurnSecret ? "stored-static-auth-secret" : null;
  const saves: TUpdateCallSettingsRequest[] = [];
  stubFetch((url, init) => {
    const method = init?.method ?? "GET";
    if (url === `${base}/settings` && method === "GET") return jsonResponse(200, { settings });
    if (url === `${base}/settings` && method === "PUT") {
      const body = JSON.parse(String(init?.body)) as TUpdateCallSettingsRequest;
      saves.push(body);
      if (body.turnUrls.length > 0 && !body.turnSecret && !secret) {
        return jsonResponse(400, { code: "3098", message: "TURN URLs need a shared secret" });
      }
      secret = body.turnSecret ?? secret;
      settings = { stunUrls: body.stunUrls, turnUrls: body.turnUrls, hasTurnSecret: secret !== null };
      return jsonResponse(200, { settings });
    }
    if (url === `${base}/ice-servers`) {
      const response: TIceServersResponse = {
        iceServers: [{ urls: ["stun:stun.example.com:3478"] }, turnServer],
        ttlSeconds: 3600,
      };
      return jsonResponse(200, response);
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return { saves };
}

const empty: TCallSettings = { stunUrls: [], turnUrls: [], hasTurnSecret: false };
const withTurn: TCallSettings = {
  stunUrls: ["stun:stun.example.com:3478"],
  turnUrls: ["turn:turn.example.com:3478"],
  hasTurnSecret: true,
};

function renderCard() {
  const onDirtyChange = vi.fn();
  const view = renderWithRouter(<IceServersCard appId={appId} onDirtyChange={onDirtyChange} />, "/apps/x/settings");
  return { ...view, onDirtyChange };
}

const stunField = () => screen.getByRole("textbox", { name: t("calls.ice.stunUrls") });
const turnField = () => screen.getByRole("textbox", { name: t("calls.ice.turnUrls") });
const secretField = () => inputByLabel(t("calls.ice.turnSecret"));
const saveButton = () => screen.getByRole("button", { name: t("common.save") });
const testButton = () => screen.getByRole("button", { name: t("calls.ice.test.button") });

describe("IceServersCard", () => {
  beforeEach(() => FakePeerConnection.reset());

  it("names the lines that are not stun: addresses, and saves the URLs one per line", async () => {
    const { saves } = stubServer(empty);
    const { user, onDirtyChange } = renderCard();
    await user.type(await screen.findByRole("textbox", { name: t("calls.ice.stunUrls") }), "stun:a.example.com");
    await user.type(stunField(), "{Enter}http://b.example.com");
    expect(await screen.findByText(t("calls.ice.badStunUrls", { urls: "http://b.example.com" }))).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    await user.clear(stunField());
    await user.type(stunField(), "stun:a.example.com{Enter}{Enter}  stuns:b.example.com:5349  ");
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(await screen.findByText(t("calls.ice.saved"))).toBeInTheDocument();
    expect(saves).toEqual([{ stunUrls: ["stun:a.example.com", "stuns:b.example.com:5349"], turnUrls: [] }]);
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });

  it("generates a secret, shows it once until saved, and sends it", async () => {
    const { saves } = stubServer(empty);
    const { user } = renderCard();
    await user.type(
      await screen.findByRole("textbox", { name: t("calls.ice.turnUrls") }),
      "turn:turn.example.com:3478",
    );
    await user.click(screen.getByRole("button", { name: t("calls.ice.generateSecret") }));
    const shown = await screen.findByTestId("generated-turn-secret");
    const secret = shown.querySelector("code")?.textContent ?? "";
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secretField()).toHaveValue(secret);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.turnSecret).toBe(secret);
    await waitFor(() => expect(screen.queryByTestId("generated-turn-secret")).not.toBeInTheDocument());
    expect(secretField()).toHaveValue("");
  });

  it("keeps the secret write-only: an empty field beside 'Secret stored', and only a typed secret is sent", async () => {
    const { saves } = stubServer(withTurn);
    const { user } = renderCard();
    expect(await screen.findByTestId("turn-secret-stored")).toHaveTextContent(t("calls.ice.secretStored"));
    expect(secretField()).toHaveValue("");
    expect(secretField()).toHaveAttribute("type", "password");
    expect(secretField()).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByText(t("calls.ice.turnSecretStoredHint"))).toBeInTheDocument();

    await user.type(turnField(), "{Enter}turns:turn.example.com:5349");
    await user.click(saveButton());
    await screen.findByText(t("calls.ice.saved"));
    expect(saves[0]).not.toHaveProperty("turnSecret");

    await user.type(secretField(), "a-new-secret");
    await user.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]?.turnSecret).toBe("a-new-secret");
    await waitFor(() => expect(secretField()).toHaveValue(""));
    expect(screen.getByTestId("turn-secret-stored")).toBeInTheDocument();
  });

  it("puts code 3098 on the secret field when TURN URLs are saved with no secret", async () => {
    stubServer(empty);
    const { user } = renderCard();
    await user.type(await screen.findByRole("textbox", { name: t("calls.ice.turnUrls") }), "turn:turn.example.com");
    await user.click(saveButton());
    expect(await screen.findByText(t("ERROR_3098"))).toBeInTheDocument();
    expect(secretField()).toHaveAttribute("aria-invalid", "true");
    expect(secretField()).toHaveFocus();
    expect(screen.queryByText(t("calls.ice.saved"))).not.toBeInTheDocument();

    await user.type(secretField(), "first-secret");
    await user.click(saveButton());
    expect(await screen.findByText(t("calls.ice.saved"))).toBeInTheDocument();
    expect(screen.getByTestId("turn-secret-stored")).toBeInTheDocument();
  });

  it("says calls stay on one network while no TURN server is set up, and not once one is", async () => {
    stubServer(empty);
    const first = renderCard();
    expect(await screen.findByText(t("calls.ice.noTurn"))).toBeInTheDocument();
    expect(testButton()).toBeDisabled();
    first.unmount();

    stubServer(withTurn);
    renderCard();
    await screen.findByTestId("turn-secret-stored");
    expect(screen.queryByText(t("calls.ice.noTurn"))).not.toBeInTheDocument();
  });

  it("tests the TURN server from the browser with relays only, and shows the relay address it answered with", async () => {
    vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
    FakePeerConnection.reset({ candidates: [{ type: "relay", address: "203.0.113.9" }] });
    stubServer(withTurn);
    const { user } = renderCard();
    await user.click(await screen.findByRole("button", { name: t("calls.ice.test.button") }));
    expect(await screen.findByTestId("turn-test-result")).toHaveTextContent(
      t("calls.ice.test.relay", { address: "203.0.113.9" }),
    );
    const [connection] = FakePeerConnection.instances;
    expect(connection?.configuration).toEqual({ iceServers: [turnServer], iceTransportPolicy: "relay" });
    expect(connection?.isClosed).toBe(true);
  });

  it.each<[string, PeerScript, string]>([
    ["refused the credentials", { errorCodes: [401], candidates: [null] }, "calls.ice.test.refused"],
    ["did not answer", { candidates: [null] }, "calls.ice.test.noAnswer"],
  ])("explains a failed test when the TURN server %s", async (_, script, key) => {
    vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
    FakePeerConnection.reset(script);
    stubServer(withTurn);
    const { user } = renderCard();
    await user.click(await screen.findByRole("button", { name: t("calls.ice.test.button") }));
    expect(await screen.findByTestId("turn-test-result")).toHaveTextContent(
      t(key, { seconds: TURN_PROBE_TIMEOUT_MS / 1000 }),
    );
  });

  it("tests only saved settings: unsaved changes hold the test back", async () => {
    stubServer(withTurn);
    const { user } = renderCard();
    await user.type(await screen.findByRole("textbox", { name: t("calls.ice.turnUrls") }), "{Enter}turn:b.example.com");
    expect(testButton()).toBeDisabled();
    expect(screen.getByText(t("calls.ice.test.saveFirst"))).toBeInTheDocument();
  });
});
