import { CHANNEL_TYPES, DEFAULT_PERMISSION_MATRIX, type TPermissionMatrix, type TRole } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { RolesPage } from "./roles-page";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}`;
const cell = (role: string, permission: string) =>
  t("roles.matrix.cell", { role, permission: t(`roles.permission.${permission}.long`) });

const builtIn = (name: string, userCount: number): TRole => ({ name, builtIn: true, description: "", userCount });

/** The app's roles and matrices as the server keeps them, with the writes it was sent. */
function stubServer({ roleAnswer }: { roleAnswer?: () => Response } = {}) {
  const roles: TRole[] = [
    builtIn("admin", 0),
    builtIn("moderator", 1),
    builtIn("member", 12),
    builtIn("guest", 0),
    { name: "support", builtIn: false, description: "Help desk", userCount: 3 },
  ];
  const matrices: TPermissionMatrix[] = CHANNEL_TYPES.map((type) => DEFAULT_PERMISSION_MATRIX(type));
  const writes: { method: string; path: string; body?: unknown }[] = [];
  stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== "GET") writes.push({ method, path: url.pathname.slice(base.length), body });
    if (url.pathname === `${base}/roles` && method === "GET") return jsonResponse(200, { roles });
    if (url.pathname === `${base}/roles` && method === "POST") {
      if (roleAnswer) return roleAnswer();
      const role = { name: body.name, builtIn: false, description: body.description, userCount: 0 };
      roles.push(role);
      return jsonResponse(200, { role });
    }
    const role = /^\/api\/apps\/[^/]+\/roles\/([^/]+)$/.exec(url.pathname);
    if (role?.[1] && method === "DELETE") {
      roles.splice(
        roles.findIndex((each) => each.name === role[1]),
        1,
      );
      return jsonResponse(200, { ok: true });
    }
    if (url.pathname === `${base}/permissions`) return jsonResponse(200, { permissions: matrices });
    const matrix = /^\/api\/apps\/[^/]+\/permissions\/([^/]+)$/.exec(url.pathname);
    const index = matrices.findIndex((each) => each.channelType === matrix?.[1]);
    const found = matrices[index];
    if (found && method === "PUT") {
      matrices[index] = { ...found, ...body, isDefault: false };
      return jsonResponse(200, { permissions: matrices[index] });
    }
    if (found && method === "DELETE") {
      matrices[index] = DEFAULT_PERMISSION_MATRIX(found.channelType);
      return jsonResponse(200, { permissions: matrices[index] });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return { writes, matrices };
}

function renderPage() {
  setSession(sessionFor());
  return renderWithRouter(<RolesPage appId={appId} />, `/apps/${appId}/roles`);
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("RolesPage permission matrix", () => {
  it("saves a changed channel type's whole matrix, only once something changed, and shows it customised", async () => {
    const server = stubServer();
    renderPage();
    const save = await screen.findByRole("button", { name: t("roles.matrix.save") });
    expect(save).toBeDisabled();
    expect(screen.getByText(t("roles.matrix.default"))).toBeInTheDocument();

    const memberSend = await screen.findByRole("checkbox", { name: cell(t("roles.appRole.member"), "send") });
    expect(memberSend).toBeChecked();
    fireEvent.click(memberSend);
    fireEvent.click(screen.getByRole("checkbox", { name: cell(t("roles.channelRole.moderator"), "freeze") }));
    expect(screen.getByText(t("roles.matrix.unsaved"))).toBeInTheDocument();
    expect(save).toBeEnabled();
    fireEvent.click(save);

    await waitFor(() => expect(server.writes).toHaveLength(1));
    const [write] = server.writes;
    expect(write?.method).toBe("PUT");
    expect(write?.path).toBe("/permissions/public");
    const sent = write?.body as { app: Record<string, string[]>; channel: Record<string, string[]> };
    expect(sent.app.member).not.toContain("send");
    expect(sent.app.member).toContain("read");
    expect(sent.channel.moderator).toEqual(["pin", "invite", "remove", "mute", "ban", "freeze"]);
    expect(await screen.findByText(t("roles.matrix.customised"))).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole("checkbox", { name: cell(t("roles.appRole.member"), "send") })).not.toBeChecked();
  });

  it("lists the custom roles among the app roles, granted what member is until set", async () => {
    stubServer();
    renderPage();
    const supportRead = await screen.findByRole("checkbox", { name: cell("support", "read") });
    expect(supportRead).toBeChecked();
    expect(screen.getByRole("checkbox", { name: cell("support", "deleteOthers") })).not.toBeChecked();
    const table = screen.getByRole("table", { name: t("roles.matrix.tableLabel") });
    expect(within(table).getByRole("rowheader", { name: t("roles.matrix.group.app") })).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: t("roles.matrix.group.channel") })).toBeInTheDocument();
  });

  it("resets a customised channel type to the defaults after asking", async () => {
    const server = stubServer();
    const customised = DEFAULT_PERMISSION_MATRIX("private");
    server.matrices[1] = { ...customised, app: { ...customised.app, guest: ["read"] }, isDefault: false };
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: t("roles.channelType.private") }));
    expect(await screen.findByText(t("roles.matrix.customised"))).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: t("roles.matrix.reset") }));
    const dialog = await screen.findByRole("dialog", { name: t("roles.matrix.resetTitle") });
    fireEvent.click(within(dialog).getByRole("button", { name: t("roles.matrix.reset") }));

    await waitFor(() => expect(server.writes).toEqual([{ method: "DELETE", path: "/permissions/private" }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(t("roles.matrix.default"))).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: cell(t("roles.appRole.guest"), "send") })).toBeChecked();
  });
});

describe("RolesPage custom roles", () => {
  it("creates a role from the dialog once its name is well formed, and lists it", async () => {
    const server = stubServer();
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: t("roles.custom.add") }));
    const dialog = await screen.findByRole("dialog", { name: t("roles.custom.createTitle") });
    const create = within(dialog).getByRole("button", { name: t("roles.custom.create") });
    fireEvent.change(inputByLabel(t("roles.custom.name")), { target: { value: "Support Team" } });
    expect(create).toBeDisabled();
    fireEvent.change(inputByLabel(t("roles.custom.name")), { target: { value: "vip" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: t("roles.custom.descriptionField") }), {
      target: { value: "Paying users" },
    });
    fireEvent.click(create);

    await waitFor(() =>
      expect(server.writes).toEqual([
        { method: "POST", path: "/roles", body: { name: "vip", description: "Paying users" } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const table = screen.getByRole("table", { name: t("roles.custom.tableLabel") });
    expect(await within(table).findByRole("rowheader", { name: "vip" })).toBeInTheDocument();
  });

  it("shows the catalogue's text when the name is taken (3199) and keeps the dialog open", async () => {
    stubServer({ roleAnswer: () => jsonResponse(409, { code: "3199", message: "Taken" }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: t("roles.custom.add") }));
    const dialog = await screen.findByRole("dialog", { name: t("roles.custom.createTitle") });
    fireEvent.change(inputByLabel(t("roles.custom.name")), { target: { value: "support" } });
    fireEvent.click(within(dialog).getByRole("button", { name: t("roles.custom.create") }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t("ERROR_3199"));
  });

  it("deletes a custom role after saying its users fall back to member, and offers no delete for built-in roles", async () => {
    const server = stubServer();
    renderPage();
    expect(await screen.findByRole("button", { name: t("roles.custom.delete", { name: "support" }) })).toBeEnabled();
    expect(screen.queryByRole("button", { name: t("roles.custom.delete", { name: "member" }) })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: t("roles.custom.delete", { name: "support" }) }));
    const dialog = await screen.findByRole("dialog", { name: t("roles.custom.deleteTitle") });
    expect(dialog).toHaveTextContent(t("roles.custom.deleteBody", { name: "support", count: 3 }));
    fireEvent.click(within(dialog).getByRole("button", { name: t("common.delete") }));
    await waitFor(() => expect(server.writes).toEqual([{ method: "DELETE", path: "/roles/support" }]));
  });

  it("speaks Korean", async () => {
    await i18n.changeLanguage("ko");
    stubServer();
    renderPage();
    expect(await screen.findByRole("checkbox", { name: "모더레이터: 다른 사람 메시지 삭제" })).toBeChecked();
    expect(screen.getByRole("button", { name: "기본값으로 되돌리기" })).toBeDisabled();
  });
});
