import type { TAuditEntry } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { AuditLog, actionParts } from "./audit-log";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

const entry: TAuditEntry = {
  id: "a0000000-0000-4000-8000-000000000001",
  at: "2026-03-10T09:00:00.000Z",
  appId,
  actor: { kind: "account", id: "acc-1", label: "owner@example.com" },
  ip: "203.0.113.7",
  action: "PUT /api/apps/:id/webhook/settings",
  path: `/api/apps/${appId}/webhook/settings`,
  status: 200,
  request: { params: { id: appId }, body: { url: "https://hooks.example.com/new" } },
  changes: [
    {
      table: "webhook_settings",
      op: "update",
      before: [{ url: "https://hooks.example.com/old", secret: "••••" }],
      after: { url: "https://hooks.example.com/new" },
      more: 0,
    },
  ],
};
const keyEntry: TAuditEntry = {
  ...entry,
  id: "a0000000-0000-4000-8000-000000000002",
  actor: { kind: "apiKey", id: "key-1", label: "backend" },
  action: "POST /v1/channels",
  path: "/v1/channels",
  changes: [{ table: "channels", op: "insert", before: null, after: { values: { name: "Ops" } }, more: 0 }],
};

function stubServer(base: string) {
  const queries: URLSearchParams[] = [];
  stubFetch((rawUrl) => {
    const url = new URL(rawUrl, "http://localhost");
    if (url.pathname === base) {
      queries.push(url.searchParams);
      const kind = url.searchParams.get("actorKind");
      const entries = kind ? [entry, keyEntry].filter((e) => e.actor.kind === kind) : [entry, keyEntry];
      return jsonResponse(200, { entries, nextCursor: null });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  return queries;
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("AuditLog", () => {
  it("lists who changed what and when, and opens a change with its rows before and after", async () => {
    stubServer(`/api/apps/${appId}/audit`);
    renderWithRouter(<AuditLog scope={{ kind: "app", appId }} />, `/apps/${appId}/audit`);
    const row = await screen.findByTestId(`audit-row-${entry.id}`);
    expect(within(row).getByText("owner@example.com")).toBeInTheDocument();
    expect(within(row).getByText(t("audit.actorKind.account"))).toBeInTheDocument();
    expect(within(row).getByText("/webhook/settings", { exact: false })).toBeInTheDocument();
    expect(within(screen.getByTestId(`audit-row-${keyEntry.id}`)).getByText("backend")).toBeInTheDocument();

    fireEvent.click(row);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(t("audit.op.update", { table: "webhook_settings" }))).toBeInTheDocument();
    expect(within(dialog).getAllByText(/hooks\.example\.com\/old/).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
  });

  it("asks the account's log in the settings scope and sends the actor filter", async () => {
    const queries = stubServer("/api/account/audit");
    renderWithRouter(<AuditLog scope={{ kind: "account" }} />, "/settings");
    await screen.findByTestId(`audit-row-${keyEntry.id}`);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: t("audit.actorFilter") }));
    fireEvent.click(await screen.findByRole("option", { name: t("audit.actorKind.apiKey") }));
    await waitFor(() => expect(queries.at(-1)?.get("actorKind")).toBe("apiKey"));
    await waitFor(() => expect(screen.queryByTestId(`audit-row-${entry.id}`)).not.toBeInTheDocument());
  });

  it("reads an action as its method and the path after the app", () => {
    expect(actionParts("PUT /api/apps/:id/webhook/settings")).toEqual({ method: "PUT", path: "/webhook/settings" });
    expect(actionParts("POST /v1/channels")).toEqual({ method: "POST", path: "/channels" });
    expect(actionParts("PUT /api/account")).toEqual({ method: "PUT", path: "/account" });
    expect(actionParts("POST /api/apps/:id/api-keys")).toEqual({ method: "POST", path: "/api-keys" });
    expect(actionParts("PUT /api/apps/:id")).toEqual({ method: "PUT", path: "/" });
  });

  it("speaks Korean", async () => {
    await i18n.changeLanguage("ko");
    stubServer(`/api/apps/${appId}/audit`);
    renderWithRouter(<AuditLog scope={{ kind: "app", appId }} />, `/apps/${appId}/audit`);
    expect(await screen.findByText("API 키")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /CSV 내보내기/ })).toBeInTheDocument();
  });
});
