import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { routes } from "@/app/routes";
import { i18n } from "@/i18n";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";

const t = (key: string) => i18n.t(key);

describe("/intro/docs", () => {
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it("opens the first tab without a tab in the address, with its Markdown headings and a title", async () => {
    await i18n.changeLanguage("en");
    renderRoutes(routes, { initialEntries: ["/intro/docs"] });

    expect(await screen.findByRole("tab", { name: "Getting started", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Docs" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Getting started" })).toBeInTheDocument();
    const step = screen.getByRole("heading", { level: 3, name: "1. Create an account and an app" });
    expect(step).toHaveAttribute("id", "1-create-an-account-and-an-app");
    expect(document.title).toBe(`Getting started · Docs · ${t("common.appName")}`);
  });

  it("switches tabs by address: a tab link leads to its URL and shows that document", async () => {
    await i18n.changeLanguage("en");
    const { router, user } = renderRoutes(routes, { initialEntries: ["/intro/docs/sdk"] });
    expect(await screen.findByRole("tab", { name: "JavaScript SDK", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Real-time events" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Webhooks" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/intro/docs/webhooks"));
    expect(screen.getByRole("tab", { name: "Webhooks", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Verifying signatures" })).toHaveAttribute(
      "id",
      "verifying-signatures",
    );
    expect(document.title).toBe(`Webhooks · Docs · ${t("common.appName")}`);

    await router.navigate("/intro/docs/limits");
    expect(await screen.findByRole("tab", { name: "Limits", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Apps per account" })).toBeInTheDocument();
  });

  it("follows a link inside a document to another tab without leaving the app", async () => {
    await i18n.changeLanguage("en");
    const { router, user } = renderRoutes(routes, { initialEntries: ["/intro/docs/getting-started"] });
    await user.click(await screen.findByRole("link", { name: "push notifications" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/intro/docs/push-notifications"));
    expect(await screen.findByRole("heading", { level: 3, name: "Who gets pushed" })).toBeInTheDocument();
  });

  it("shows the Korean documents in Korean, with ids made from Korean headings", async () => {
    await i18n.changeLanguage("ko");
    renderRoutes(routes, { initialEntries: ["/intro/docs/webhooks"] });
    expect(await screen.findByRole("tab", { name: "웹훅", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "서명 검증" })).toHaveAttribute("id", "서명-검증");
    expect(document.title).toBe(`웹훅 · 문서 · ${t("common.appName")}`);
  });

  it.each([
    [
      "messages",
      "Messages",
      ["Reactions", "Replies and threads", "Mentions", "Editing messages", "Translation at send"],
    ],
    ["channels", "Channels", ["Unread counts", "Read receipts", "Distinct (one-to-one) channels", "Pinned messages"]],
    ["users", "Users", ["Typing indicators", "Presence", "Blocking users"]],
    [
      "calls",
      "Calls",
      [
        "Starting and answering a call",
        "Call events and signalling on the WebSocket",
        "ICE servers and TURN",
        "Push, missed calls, webhooks and usage",
        "JavaScript SDK",
      ],
    ],
  ])("lists the %s guide as a tab, with a section per feature", async (tab, label, sections) => {
    await i18n.changeLanguage("en");
    const { router, user } = renderRoutes(routes, { initialEntries: ["/intro/docs"] });
    await user.click(await screen.findByRole("tab", { name: label }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/intro/docs/${tab}`));
    expect(screen.getByRole("tab", { name: label, selected: true })).toBeInTheDocument();
    for (const section of sections) {
      expect(screen.getByRole("heading", { level: 3, name: section })).toBeInTheDocument();
    }
    expect(document.title).toBe(`${label} · Docs · ${t("common.appName")}`);
  });

  it("shows the feature guides in Korean, linking mentions to the channels guide", async () => {
    await i18n.changeLanguage("ko");
    const { router, user } = renderRoutes(routes, { initialEntries: ["/intro/docs/messages"] });
    expect(await screen.findByRole("tab", { name: "메시지", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "답글과 스레드" })).toHaveAttribute("id", "답글과-스레드");
    await user.click(screen.getByRole("link", { name: "채널" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/intro/docs/channels"));
    expect(await screen.findByRole("heading", { level: 3, name: "읽지 않은 메시지 수" })).toBeInTheDocument();
    await router.navigate("/intro/docs/users");
    expect(await screen.findByRole("heading", { level: 3, name: "사용자 차단" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "자기 자신을 차단" })).toBeInTheDocument();
  });

  it("lists the roles guide after the users guide and the calls guide after it, in Korean too", async () => {
    await i18n.changeLanguage("ko");
    const { router, user } = renderRoutes(routes, { initialEntries: ["/intro/docs/calls"] });
    expect(await screen.findByRole("tab", { name: "통화", selected: true })).toBeInTheDocument();
    const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs.indexOf("역할과 권한")).toBe(tabs.indexOf("사용자") + 1);
    expect(tabs.indexOf("통화")).toBe(tabs.indexOf("역할과 권한") + 1);
    expect(screen.getByRole("heading", { level: 3, name: "ICE 서버와 TURN" })).toHaveAttribute("id", "ice-서버와-turn");
    expect(screen.getByRole("cell", { name: "자기 자신에게 통화" })).toBeInTheDocument();
    expect(document.title).toBe(`통화 · 문서 · ${t("common.appName")}`);
    await user.click(screen.getByRole("link", { name: "푸시 알림" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/intro/docs/push-notifications"));
  });

  it("lists the React Native guide after the React UI kit's, and shows it in English and Korean", async () => {
    await i18n.changeLanguage("en");
    const { router } = renderRoutes(routes, { initialEntries: ["/intro/docs/react-native"] });
    expect(await screen.findByRole("tab", { name: "React Native", selected: true })).toBeInTheDocument();
    const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs.indexOf("React Native")).toBe(tabs.indexOf("React UI kit") + 1);
    expect(await screen.findByRole("heading", { level: 3, name: "The client on a phone" })).toBeInTheDocument();
    await i18n.changeLanguage("ko");
    await router.navigate("/intro/docs/react-native");
    expect(await screen.findByRole("heading", { level: 3, name: "휴대폰에서의 클라이언트" })).toBeInTheDocument();
  });

  it("renders the REST tab's introduction and the operations of the server's OpenAPI document", async () => {
    await i18n.changeLanguage("en");
    stubFetch((url) =>
      url === "/v1/openapi.json"
        ? jsonResponse(200, {
            openapi: "3.0.3",
            paths: {
              "/v1/me": { get: { tags: ["users"], responses: { "200": { description: "Default Response" } } } },
            },
          })
        : jsonResponse(404, { code: "004" }),
    );
    renderRoutes(routes, { initialEntries: ["/intro/docs/rest-api"] });
    expect(await screen.findByRole("heading", { level: 3, name: "Authentication" })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "GET /v1/me" })).toBeInTheDocument();
  });

  it("renders the dashboard API tab's introduction and the operations of the dashboard's OpenAPI document", async () => {
    await i18n.changeLanguage("en");
    stubFetch((url) =>
      url === "/api/openapi.json"
        ? jsonResponse(200, {
            openapi: "3.0.3",
            paths: {
              "/api/apps": {
                get: { operationId: "listApps", tags: ["apps"], responses: { "200": { description: "The apps." } } },
              },
            },
          })
        : jsonResponse(404, { code: "004" }),
    );
    renderRoutes(routes, { initialEntries: ["/intro/docs/dashboard-api"] });
    expect(await screen.findByRole("heading", { level: 2, name: "Dashboard API" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Authentication" })).toBeInTheDocument();
    const region = await screen.findByRole("region", { name: "GET /api/apps" });
    expect(region).toHaveTextContent(t("intro.docs.reference.dashboardOperations.listApps"));
    expect(
      screen.getByRole("heading", { level: 4, name: t("intro.docs.reference.dashboardTags.apps") }),
    ).toBeInTheDocument();
  });

  it("answers an unknown tab with the not-found page", async () => {
    renderRoutes(routes, { initialEntries: ["/intro/docs/nonsense"] });
    expect(await screen.findByTestId("not-found")).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });
});
