import type { TAuditEntry } from "@parley/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { actionParts, auditActionLabel, auditTableLabel } from "../lib/audit-labels";
import { AuditLog } from "./audit-log";

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
    expect(within(row).getByText(t("auditLabels.actions.updateWebhook"))).toBeInTheDocument();
    expect(within(row).getByText(t("auditLabels.tables.webhook_settings"))).toBeInTheDocument();
    expect(within(screen.getByTestId(`audit-row-${keyEntry.id}`)).getByText("backend")).toBeInTheDocument();

    fireEvent.click(row);
    const dialog = await screen.findByRole("dialog");
    const tableName = t("auditLabels.tables.webhook_settings");
    expect(within(dialog).getByText(t("audit.op.update", { table: tableName }), { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText("PUT /api/apps/:id/webhook/settings")).toBeInTheDocument();
    expect(within(dialog).getByText("(webhook_settings)")).toBeInTheDocument();
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

  it("names plan changes and their tables in Korean, not as the route and table, and keeps the route in the detail", async () => {
    await i18n.changeLanguage("ko");
    const planEntry: TAuditEntry = {
      ...entry,
      action: "PUT /api/plans/change",
      path: "/api/plans/change",
      changes: [{ table: "paid_plans", op: "insert", before: null, after: { plan: "PlanC" }, more: 0 }],
    };
    stubFetch(() => jsonResponse(200, { entries: [planEntry], nextCursor: null }));
    renderWithRouter(<AuditLog scope={{ kind: "account" }} />, "/settings");
    const row = await screen.findByTestId(`audit-row-${planEntry.id}`);
    expect(within(row).getByText("플랜 변경")).toBeInTheDocument();
    expect(within(row).getByText("유료 플랜")).toBeInTheDocument();
    expect(within(row).queryByText(/plans\/change|paid_plans/)).toBeNull();

    fireEvent.click(row);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("PUT /api/plans/change")).toBeInTheDocument();
    expect(within(dialog).getByText("(paid_plans)")).toBeInTheDocument();
  });

  it("reads a route the web does not know by its method and path, and an unknown table by its words", () => {
    const fixedT = i18n.getFixedT("en");
    expect(auditActionLabel(fixedT, "POST /api/apps/:id/brand-new/thing")).toBe(
      fixedT("auditLabels.fallback.POST", { path: "/brand-new/thing" }),
    );
    expect(auditActionLabel(fixedT, "PUT /api/apps/:id/push/template/message/send")).toBe(
      fixedT("auditLabels.actions.updatePushTemplate"),
    );
    expect(auditTableLabel(fixedT, "chat_users")).toBe(fixedT("auditLabels.tables.chat_users"));
    expect(auditTableLabel(fixedT, "future_things")).toBe("future things");
  });

  it("speaks Korean", async () => {
    await i18n.changeLanguage("ko");
    stubServer(`/api/apps/${appId}/audit`);
    renderWithRouter(<AuditLog scope={{ kind: "app", appId }} />, `/apps/${appId}/audit`);
    expect(await screen.findByText("API 키")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /CSV 내보내기/ })).toBeInTheDocument();
  });
});
