import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import fixture from "./openapi-fixture.json";
import { OpenApiReference } from "./openapi-reference";

const t = (key: string) => i18n.t(key);

describe("OpenApiReference", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("lists the document's operations by tag with parameters, body fields and responses", async () => {
    const fetchMock = stubFetch((url) =>
      url === "/v1/openapi.json" ? jsonResponse(200, fixture) : jsonResponse(404, { code: "004" }),
    );
    renderWithRouter(<OpenApiReference />);

    expect(await screen.findByRole("heading", { level: 4, name: "channels" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "auth" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "push" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/v1/openapi.json", expect.anything());

    const create = screen.getByRole("region", { name: "POST /v1/channels" });
    const body = within(create).getAllByRole("table")[0] as HTMLElement;
    expect(within(body).getByRole("cell", { name: /^name/ })).toHaveTextContent(t("intro.docs.reference.required"));
    expect(within(body).getByText(/one of "public", "private", "private_invite", "supergroup"/)).toBeInTheDocument();
    expect(within(body).getByText(/max items 100/)).toBeInTheDocument();
    expect(within(create).getByText("{ channel }")).toBeInTheDocument();

    const list = screen.getByRole("region", { name: "GET /v1/channels" });
    expect(within(list).getByRole("heading", { name: t("intro.docs.reference.parameters") })).toBeInTheDocument();
    expect(within(list).getByRole("cell", { name: "scope" })).toBeInTheDocument();
    expect(within(list).getByText(/default "mine"/)).toBeInTheDocument();

    const push = screen.getByRole("region", { name: "POST /v1/me/push-tokens" });
    expect(within(push).getByText(/Registers the device's FCM token/)).toBeInTheDocument();
  });

  it("shows an error with a retry when the document cannot be fetched, and the reference after retrying", async () => {
    let isUp = false;
    stubFetch(() => (isUp ? jsonResponse(200, fixture) : jsonResponse(502, { code: "001", message: "down" })));
    const { user } = renderWithRouter(<OpenApiReference />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(t("intro.docs.reference.loadError"));
    expect(screen.queryByRole("heading", { level: 4 })).not.toBeInTheDocument();

    isUp = true;
    await user.click(within(alert).getByRole("button", { name: t("common.retry") }));
    expect(await screen.findByRole("region", { name: "POST /v1/auth/login" })).toBeInTheDocument();
  });
});
