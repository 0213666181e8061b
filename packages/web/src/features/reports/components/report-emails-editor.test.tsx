import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ReportEmailsEditor } from "./report-emails-editor";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe("ReportEmailsEditor", () => {
  it("refuses an invalid address, keeps it out of the list and saves only valid ones", async () => {
    let stored = ["ops@example.com"];
    const fetchMock = stubFetch(async (url, init) => {
      if (url === "/api/metrics/emails" && init?.method === "PUT") {
        stored = (JSON.parse(String(init.body)) as { emails: string[] }).emails;
        return jsonResponse(200, { emails: stored });
      }
      if (url === "/api/metrics/emails") return jsonResponse(200, { emails: stored });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<ReportEmailsEditor />, "/dashboard");
    expect(await screen.findByText("ops@example.com")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: t("common.save") });
    expect(save).toBeDisabled();

    await user.type(inputByLabel(t("reports.emails.address")), "not-an-email");
    await user.click(screen.getByRole("button", { name: t("reports.emails.add") }));
    expect(await screen.findByText(t("VALIDATION_EMAIL"))).toBeInTheDocument();
    expect(screen.queryByText("not-an-email", { selector: ".MuiChip-label" })).not.toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(inputByLabel(t("reports.emails.address")));
    await user.type(inputByLabel(t("reports.emails.address")), " Team@Example.com{Enter}");
    expect(await screen.findByText("team@example.com")).toBeInTheDocument();
    expect(screen.queryByText(t("VALIDATION_EMAIL"))).not.toBeInTheDocument();

    await user.click(screen.getByLabelText(t("reports.emails.remove", { email: "ops@example.com" })));
    await user.click(save);
    await waitFor(() => expect(stored).toEqual(["team@example.com"]));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ emails: ["team@example.com"] });
  });
});
