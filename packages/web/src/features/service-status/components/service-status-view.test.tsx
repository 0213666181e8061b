import type { TServiceStatus } from "@parley/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ServiceStatusView } from "./service-status-view";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const allUp: TServiceStatus = {
  status: "operational",
  checkedAt: "2026-03-02T09:00:00.000Z",
  recordedSince: "2026-03-01T08:00:00.000Z",
  components: (["api", "chat", "database", "jobs", "mail"] as const).map((id) => ({ id, status: "up" as const })),
  incidents: [],
};

function serve(status: TServiceStatus | null) {
  stubFetch((url) => {
    if (url !== "/api/status") return jsonResponse(404, { code: "004", message: "No such route" });
    return status ? jsonResponse(200, status) : jsonResponse(503, { code: "001", message: "down" });
  });
}

afterEach(async () => {
  await i18n.changeLanguage("ko");
});

describe("ServiceStatusView", () => {
  it("shows every component working and, honestly, since when no incident was recorded", async () => {
    serve(allUp);
    renderWithRouter(<ServiceStatusView />, "/status");
    expect(await screen.findByText(t("serviceStatus.operational"))).toBeInTheDocument();
    const components = screen.getByRole("region", { name: t("serviceStatus.componentsTitle") });
    const rows = within(components).getAllByRole("listitem");
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent(`${t("serviceStatus.components.api")}${t("serviceStatus.up")}`);
    expect(
      screen.getByText(t("serviceStatus.noIncidentsSince", { date: dateTime(allUp.recordedSince) })),
    ).toBeInTheDocument();
    expect(screen.queryByText(/pglite|postgres/i)).not.toBeInTheDocument();
  });

  it("says there were no incidents in the last 90 days once the record covers them", async () => {
    serve({ ...allUp, recordedSince: "2025-12-02T09:00:00.000Z" });
    renderWithRouter(<ServiceStatusView />, "/status");
    expect(await screen.findByText(t("serviceStatus.noIncidents", { days: 90 }))).toBeInTheDocument();
  });

  it("shows a component down and its incidents, ongoing and ended, in English too", async () => {
    await i18n.changeLanguage("en");
    serve({
      ...allUp,
      status: "degraded",
      components: allUp.components.map((c) => (c.id === "mail" ? { ...c, status: "down" } : c)),
      incidents: [
        { component: "mail", startedAt: "2026-03-02T08:50:00.000Z", endedAt: null },
        { component: "database", startedAt: "2026-03-01T10:00:00.000Z", endedAt: "2026-03-01T10:04:00.000Z" },
      ],
    });
    renderWithRouter(<ServiceStatusView />, "/status");
    expect(await screen.findByText("Part of the service has a problem. We are working on it.")).toBeInTheDocument();
    const components = screen.getByRole("region", { name: "Components" });
    expect(within(components).getByText("Email delivery").closest("li")).toHaveTextContent("Down");
    const incidents = screen.getByRole("region", { name: "Recent incidents" });
    const items = within(incidents).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(`Email deliveryDown since ${dateTime("2026-03-02T08:50:00.000Z")}`);
    expect(items[1]).toHaveTextContent(
      `Data storageDown from ${dateTime("2026-03-01T10:00:00.000Z")} to ${dateTime("2026-03-01T10:04:00.000Z")}`,
    );
  });

  it("says the status could not be loaded when the server does not answer, and offers to check again", async () => {
    serve(null);
    const { user } = renderWithRouter(<ServiceStatusView />, "/status");
    expect(await screen.findByText(t("serviceStatus.unreachable"))).toBeInTheDocument();
    serve(allUp);
    await user.click(screen.getByRole("button", { name: t("serviceStatus.refresh") }));
    expect(await screen.findByText(t("serviceStatus.operational"))).toBeInTheDocument();
  });
});
