import {
  CHAT_API_OPERATIONS,
  CHAT_API_TAGS,
  CHAT_FIELD_PATTERNS,
  DASHBOARD_API_OPERATIONS,
  DASHBOARD_API_TAGS,
  type Language,
} from "@parley/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import enSite from "@/i18n/locales/en/site.json";
import koPublic from "@/i18n/locales/ko/public.json";
import koSite from "@/i18n/locales/ko/site.json";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { groupOperations, type OpenApiDocument } from "../lib/openapi";
import dashboardFixture from "./dashboard-openapi-fixture.json";
import fixture from "./openapi-fixture.json";
import { OpenApiReference } from "./openapi-reference";

const t = (key: string) => i18n.t(key);
const reference = { ko: koSite.intro.docs.reference, en: enSite.intro.docs.reference };
const languages: Language[] = ["ko", "en"];

/** Every `pattern` in a document, with whether it comes with a `format` (a uuid's does). */
function patternsIn(node: unknown, found: { pattern: string; hasFormat: boolean }[] = []) {
  if (typeof node !== "object" || node === null) return found;
  const schema = node as { pattern?: unknown; format?: unknown };
  if (typeof schema.pattern === "string")
    found.push({ pattern: schema.pattern, hasFormat: schema.format !== undefined });
  for (const child of Object.values(node)) patternsIn(child, found);
  return found;
}

/**
 * The section of one operation, found by its heading's id: the same element as the region named "POST /v1/…", without
 * computing the accessible name of every region of a long page.
 */
function operationSection(method: string, path: string): HTMLElement {
  const id = `${method.toLowerCase()}-${path}`.replace(/[^A-Za-z0-9]+/g, "-").replace(/-+$/, "");
  const section = document.getElementById(id)?.closest("section");
  if (!section) throw new Error(`no section for ${method} ${path}`);
  return section;
}

function renderDocument(document: unknown) {
  stubFetch((url) => (url === "/v1/openapi.json" ? jsonResponse(200, document) : jsonResponse(404, { code: "004" })));
  return renderWithRouter(<OpenApiReference />);
}

function renderDashboardDocument(document: unknown) {
  stubFetch((url) => (url === "/api/openapi.json" ? jsonResponse(200, document) : jsonResponse(404, { code: "004" })));
  return renderWithRouter(<OpenApiReference published="dashboard" />);
}

/** The rows of an operation's errors table, as `status code meaning`. */
function errorRows(section: HTMLElement, heading: string): string[] {
  const title = within(section).getByRole("heading", { level: 6, name: heading });
  const table = title.nextElementSibling?.querySelector("table");
  if (!table) throw new Error("no errors table");
  return [...table.querySelectorAll("tbody tr")].map((row) =>
    [...row.querySelectorAll("td")].map((cell) => cell.textContent).join(" "),
  );
}

describe("OpenApiReference", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
  });
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it("lists the document's operations by group with parameters, body fields and responses", async () => {
    const fetchMock = stubFetch((url) =>
      url === "/v1/openapi.json" ? jsonResponse(200, fixture) : jsonResponse(404, { code: "004" }),
    );
    renderWithRouter(<OpenApiReference />);

    // Text queries rather than role queries: the whole API is a long page, and roles are slow to compute over it.
    expect(await screen.findByText("Channels", { selector: "h4" })).toBeInTheDocument();
    expect(screen.getByText("Authentication", { selector: "h4" })).toBeInTheDocument();
    expect(screen.getByText("Push notifications", { selector: "h4" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/v1/openapi.json", expect.anything());

    const create = operationSection("POST", "/v1/channels");
    const body = within(create).getAllByRole("table")[0] as HTMLElement;
    expect(within(body).getByRole("cell", { name: /^name/ })).toHaveTextContent(t("intro.docs.reference.required"));
    expect(within(body).getByText(/one of "public", "private", "private_invite", "supergroup"/)).toBeInTheDocument();
    expect(within(body).getByText(/up to 100 items/)).toBeInTheDocument();
    expect(within(create).getByText("{ channel }")).toBeInTheDocument();

    const list = operationSection("GET", "/v1/channels");
    expect(within(list).getByRole("heading", { name: t("intro.docs.reference.parameters") })).toBeInTheDocument();
    expect(within(list).getByRole("cell", { name: "scope" })).toBeInTheDocument();
    expect(within(list).getByText(/default "mine"/)).toBeInTheDocument();

    const push = operationSection("POST", "/v1/me/push-tokens");
    expect(within(push).getByText(/Register the device's FCM token/)).toBeInTheDocument();
  });

  it("shows an error with a retry when the document cannot be fetched, and the reference after retrying", async () => {
    let isUp = false;
    stubFetch(() => (isUp ? jsonResponse(200, fixture) : jsonResponse(502, { code: "001", message: "down" })));
    const { user } = renderWithRouter(<OpenApiReference />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(i18n.t("intro.docs.reference.loadError", { url: "/v1/openapi.json" }));
    expect(screen.queryByRole("heading", { level: 4 })).not.toBeInTheDocument();

    isUp = true;
    await user.click(within(alert).getByRole("button", { name: t("common.retry") }));
    expect(await screen.findByText("Authentication", { selector: "h4" })).toBeInTheDocument();
    expect(operationSection("POST", "/v1/auth/login")).toHaveTextContent("/v1/auth/login");
  });

  it.each(languages)("has a summary in %s for every operation of the chat API", (language) => {
    const operations: Record<string, string> = reference[language].operations;
    expect(Object.keys(CHAT_API_OPERATIONS).filter((id) => !operations[id]?.trim())).toEqual([]);
    // Texts for operations the API no longer has would never be shown.
    expect(Object.keys(operations).filter((id) => !(id in CHAT_API_OPERATIONS))).toEqual([]);
  });

  it.each(languages)("names every group and says every field pattern in words in %s", (language) => {
    const tags: Record<string, string> = reference[language].tags;
    const patterns: Record<string, string> = reference[language].rule.pattern;
    expect(CHAT_API_TAGS.filter((tag) => !tags[tag]?.trim())).toEqual([]);
    expect(Object.keys(CHAT_FIELD_PATTERNS).filter((name) => !patterns[name]?.trim())).toEqual([]);
  });

  it("shows every operation of the published document in Korean, by Korean group, with rules in words", async () => {
    await i18n.changeLanguage("ko");
    renderDocument(fixture);
    expect(await screen.findByText("채널", { selector: "h4" })).toBeInTheDocument();

    const groupHeadings = [...document.querySelectorAll("h4")].map((heading) => heading.textContent);
    for (const group of groupOperations(fixture as OpenApiDocument)) {
      expect(groupHeadings).toContain(reference.ko.tags[group.tag as "auth"]);
      for (const operation of group.operations) {
        const region = operationSection(operation.method, operation.path);
        const summary = reference.ko.operations[operation.operationId as keyof typeof CHAT_API_OPERATIONS];
        expect(summary, `${operation.method} ${operation.path}`).toBeDefined();
        expect(region).toHaveTextContent(summary.replace("{{fileSize}}", "15 MB"));
      }
    }

    const users = operationSection("POST", "/v1/users");
    expect(within(users).getByText(/1–80자: 영문자, 숫자, _ - \. @ :/)).toBeInTheDocument();
    const page = document.body.textContent ?? "";
    const shownPatterns = patternsIn(fixture).filter(({ pattern }) => page.includes(pattern));
    expect(shownPatterns).toEqual([]);
    expect(page).not.toMatch(/\{\{|one of|max length|min items|default "/);
  });

  it("says a pattern the docs do not know as a set format instead of showing the expression", async () => {
    const document = {
      openapi: "3.0.3",
      paths: {
        "/v1/things": {
          post: {
            operationId: "createThing",
            tags: ["things"],
            summary: "Create a thing",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["code"],
                    properties: {
                      code: { type: "string", minLength: 2, maxLength: 8, pattern: "^[A-Z]{2}\\d+$" },
                      userId: { type: "string", pattern: CHAT_FIELD_PATTERNS.userId },
                    },
                  },
                },
              },
            },
            responses: { "200": { description: "Default Response" } },
          },
        },
      },
    };
    await i18n.changeLanguage("ko");
    renderDocument(document);
    const region = await screen.findByRole("region", { name: "POST /v1/things" });
    expect(region).toBe(operationSection("POST", "/v1/things"));
    expect(within(region).getByText("2–8자: 정해진 형식")).toBeInTheDocument();
    expect(within(region).getByText("영문자, 숫자, _ - . @ :")).toBeInTheDocument();
    expect(region.textContent).not.toContain("^[A-Z]");
    expect(region.textContent).not.toContain(CHAT_FIELD_PATTERNS.userId);
    // An operation the docs have no text for yet keeps the document's own summary rather than none.
    expect(within(region).getByText("Create a thing")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "things" })).toBeInTheDocument();
  });

  it("lists the codes an operation answers by status, with their messages in the reader's language", async () => {
    renderDocument(fixture);
    await screen.findByText("Channels", { selector: "h4" });
    const send = operationSection("POST", "/v1/channels/{channelId}/messages");
    const rows = errorRows(send, t("intro.docs.reference.errors"));
    expect(rows).toContain(`403 3022 ${t("ERROR_3022")}`);
    expect(rows).toContain(`404 3007 ${t("ERROR_3007")}`);
    expect(rows).toContain(`429 005 ${t("ERROR_005")}`);
    expect(rows.some((row) => row.includes(" 3019 "))).toBe(false);
  });

  it("shows the errors in Korean with the Korean catalogue messages", async () => {
    await i18n.changeLanguage("ko");
    renderDocument(fixture);
    await screen.findByText("채널", { selector: "h4" });
    const create = operationSection("POST", "/v1/users");
    const rows = errorRows(create, reference.ko.errors);
    expect(rows).toContain(`409 3019 ${koPublic.ERROR_3019}`);
    expect(rows).toContain(`401 3028 ${koPublic.ERROR_3028}`);
  });

  it("shows each named schema once and links the fields that hold it", async () => {
    renderDocument(fixture);
    await screen.findByText("Channels", { selector: "h4" });
    expect(screen.getByRole("heading", { level: 4, name: t("intro.docs.reference.schemas") })).toBeInTheDocument();
    const message = document.getElementById("schema-Message")?.closest("section");
    if (!message) throw new Error("no Message section");
    expect(message).toHaveTextContent("A message of a channel");
    expect(within(message).getByRole("cell", { name: /^seq/ })).toBeInTheDocument();

    const send = operationSection("POST", "/v1/channels/{channelId}/messages");
    expect(within(send).getByRole("link", { name: "SendMessageRequest" })).toHaveAttribute(
      "href",
      "#schema-SendMessageRequest",
    );
    expect(within(send).getByRole("link", { name: "MessageResponse" })).toHaveAttribute(
      "href",
      "#schema-MessageResponse",
    );
    const channel = document.getElementById("schema-Channel")?.closest("section");
    if (!channel) throw new Error("no Channel section");
    expect(within(channel).getByRole("link", { name: "Message | null" })).toHaveAttribute("href", "#schema-Message");
  });

  it.each(languages)(
    "has a summary in %s for every documented dashboard operation and names its groups",
    (language) => {
      const operations: Record<string, string> = reference[language].dashboardOperations;
      const tags: Record<string, string> = reference[language].dashboardTags;
      expect(Object.keys(DASHBOARD_API_OPERATIONS).filter((id) => !operations[id]?.trim())).toEqual([]);
      expect(Object.keys(operations).filter((id) => !(id in DASHBOARD_API_OPERATIONS))).toEqual([]);
      expect(DASHBOARD_API_TAGS.filter((tag) => !tags[tag]?.trim())).toEqual([]);
    },
  );

  it("draws the dashboard API's reference from its own document, in Korean", async () => {
    await i18n.changeLanguage("ko");
    renderDashboardDocument(dashboardFixture);
    expect(await screen.findByText(reference.ko.dashboardTags.webhooks, { selector: "h4" })).toBeInTheDocument();
    for (const [operationId, { method, path }] of Object.entries(DASHBOARD_API_OPERATIONS)) {
      const documented = `/api${path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
      const summary = reference.ko.dashboardOperations[operationId as keyof typeof DASHBOARD_API_OPERATIONS];
      expect(operationSection(method, documented)).toHaveTextContent(summary);
    }
    const revoke = operationSection("DELETE", "/api/apps/{id}/api-keys/{keyId}");
    expect(errorRows(revoke, reference.ko.errors)).toContain(`404 3015 ${koPublic.ERROR_3015}`);
    expect(document.getElementById("schema-WebhookDelivery")).not.toBeNull();
  });
});
