import type { TChatUser, TDataExport } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { UsersTable } from "./users-table";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}`;

function user(userId: string): TChatUser {
  return {
    userId,
    nickname: userId.toUpperCase(),
    profileImageUrl: "",
    isActive: true,
    isAnonymous: false,
    role: "member",
    metadata: {},
    createdAt: "2026-03-10T09:00:00.000Z",
    lastSeenAt: null,
  };
}

function queuedExport(forApp: string): TDataExport {
  return {
    id: "0f4b7d2e-9c1a-4e6f-b3d8-a5c2e7f1b904",
    appId: forApp,
    status: "queued",
    userId: "kim",
    includeFiles: false,
    requestedBy: "owner@example.com",
    sections: [],
    progress: 0,
    createdAt: "2026-03-10T09:00:00.000Z",
    startedAt: null,
    completedAt: null,
    expiresAt: null,
    size: null,
    downloadUrl: null,
    errorCode: null,
  };
}

/** The app's users; an erase removes its user from the list, as the server does. */
function stubServer({ exportAnswer }: { exportAnswer?: () => Response } = {}) {
  const users = [user("kim"), user("lee")];
  const exports: unknown[] = [];
  const erasures: { userId: string; body: unknown }[] = [];
  const roleChanges: { userId: string | undefined; role: string }[] = [];
  stubFetch((rawUrl, init) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname === `${base}/users`) return jsonResponse(200, { users, nextCursor: null });
    if (url.pathname === `${base}/roles`) {
      const builtIn = ["admin", "moderator", "member", "guest"].map((name) => ({
        name,
        builtIn: true,
        description: "",
      }));
      return jsonResponse(200, { roles: [...builtIn, { name: "support", builtIn: false, description: "" }] });
    }
    const role = /^\/api\/apps\/[^/]+\/users\/([^/]+)\/role$/.exec(url.pathname);
    if (role?.[1] && init?.method === "PUT") {
      const changed = users.find((each) => each.userId === decodeURIComponent(role[1] ?? ""));
      const asked = JSON.parse(String(init.body)) as { role: string };
      roleChanges.push({ userId: changed?.userId, role: asked.role });
      if (changed) changed.role = asked.role;
      return jsonResponse(200, { userId: changed?.userId, role: asked.role });
    }
    if (url.pathname === `${base}/exports` && init?.method === "POST") {
      exports.push(JSON.parse(String(init.body)));
      return exportAnswer?.() ?? jsonResponse(200, { export: queuedExport(appId) });
    }
    const erase = /^\/api\/apps\/[^/]+\/users\/([^/]+)\/erase$/.exec(url.pathname);
    if (erase?.[1] && init?.method === "POST") {
      const userId = decodeURIComponent(erase[1]);
      erasures.push({ userId, body: JSON.parse(String(init.body)) });
      users.splice(
        users.findIndex((each) => each.userId === userId),
        1,
      );
      return jsonResponse(200, { userId, messagesAnonymized: 1204, filesRemoved: 3 });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return { exports, erasures, roleChanges };
}

async function openUserMenu(userId: string) {
  fireEvent.click(await screen.findByRole("button", { name: t("users.moreActions", { userId }) }));
  return screen.findByRole("menu");
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("UsersTable roles", () => {
  it("shows each user's app role and changes it to a custom role from the select", async () => {
    setSession(sessionFor());
    const server = stubServer();
    renderWithRouter(<UsersTable appId={appId} />, `/apps/${appId}/user`);
    const select = await screen.findByRole("combobox", { name: t("roles.userRoleOf", { userId: "kim" }) });
    expect(select).toHaveTextContent(t("roles.appRole.member"));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole("option", { name: "support" }));

    await waitFor(() => expect(server.roleChanges).toEqual([{ userId: "kim", role: "support" }]));
    expect(await screen.findByText(t("roles.userRoleChanged", { userId: "kim", role: "support" }))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: t("roles.userRoleOf", { userId: "kim" }) })).toHaveTextContent(
        "support",
      ),
    );
  });
});

describe("UsersTable data-subject actions", () => {
  it("exports a user's data from their actions and says so with a link to the data export page", async () => {
    setSession(sessionFor());
    const server = stubServer();
    renderWithRouter(<UsersTable appId={appId} />, `/apps/${appId}/user`);
    const menu = await openUserMenu("kim");
    fireEvent.click(within(menu).getByRole("menuitem", { name: t("users.exportData") }));

    await waitFor(() => expect(server.exports).toEqual([{ userId: "kim" }]));
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(t("users.exportStarted", { userId: "kim" }));
    expect(within(notice).getByRole("link", { name: t("users.openExports") })).toHaveAttribute(
      "href",
      `/apps/${appId}/exports`,
    );
  });

  it("shows why an export was refused (3133 for an account that does not own the app) above the table", async () => {
    setSession(sessionFor());
    stubServer({ exportAnswer: () => jsonResponse(403, { code: "3133", message: "Only the owner" }) });
    renderWithRouter(<UsersTable appId={appId} />, `/apps/${appId}/user`);
    const menu = await openUserMenu("kim");
    fireEvent.click(within(menu).getByRole("menuitem", { name: t("users.exportData") }));
    expect(await screen.findByRole("alert")).toHaveTextContent(t("ERROR_3133"));
  });

  it("does not offer a sub-account the export, which only the owning account may make, but lets it erase", async () => {
    setSession(sessionFor({ userType: "subaccount", subAccountAppId: appId }));
    stubServer();
    renderWithRouter(<UsersTable appId={appId} />, `/apps/${appId}/user`);
    const menu = await openUserMenu("kim");
    expect(within(menu).queryByRole("menuitem", { name: t("users.exportData") })).not.toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: t("users.erase.action") })).toBeInTheDocument();
  });

  it("erases a user only once their ID is typed, then shows the counts and lists the users without them", async () => {
    setSession(sessionFor());
    const server = stubServer();
    renderWithRouter(<UsersTable appId={appId} />, `/apps/${appId}/user`);
    const menu = await openUserMenu("kim");
    fireEvent.click(within(menu).getByRole("menuitem", { name: t("users.erase.action") }));

    const dialog = await screen.findByRole("dialog", { name: t("users.erase.title") });
    expect(dialog).toHaveTextContent(t("users.erase.intro", { userId: "kim" }));
    expect(dialog).toHaveTextContent(t("users.erase.keepsMessages"));
    expect(dialog).toHaveTextContent(t("users.erase.removesFiles"));
    expect(dialog).toHaveTextContent(t("users.erase.undo"));
    const submit = within(dialog).getByRole("button", { name: t("users.erase.submit") });
    expect(submit).toBeDisabled();
    const confirm = inputByLabel(t("users.erase.confirmLabel"));
    fireEvent.change(confirm, { target: { value: "lee" } });
    expect(submit).toBeDisabled();
    fireEvent.change(confirm, { target: { value: "kim" } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);

    await waitFor(() => expect(server.erasures).toEqual([{ userId: "kim", body: {} }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      t("users.erase.done", { userId: "kim", messages: "1,204", files: "3" }),
    );
    await waitFor(() => expect(screen.queryByText("KIM")).not.toBeInTheDocument());
    expect(screen.getByText("LEE")).toBeInTheDocument();
  });

  it("speaks Korean in the erase dialog", async () => {
    await i18n.changeLanguage("ko");
    setSession(sessionFor());
    stubServer();
    renderWithRouter(<UsersTable appId={appId} />, `/apps/${appId}/user`);
    const menu = await openUserMenu("kim");
    fireEvent.click(within(menu).getByRole("menuitem", { name: "사용자 영구 삭제(GDPR)" }));
    const dialog = await screen.findByRole("dialog", { name: "이 사용자를 영구 삭제할까요?" });
    expect(within(dialog).getByRole("button", { name: "영구 삭제" })).toBeDisabled();
    expect(dialog).toHaveTextContent("사용자가 보낸 메시지는 보낸 사람 없이 채널에 남습니다.");
  });
});
