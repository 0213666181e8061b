import {
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_PUSH_TITLES,
  isTitledPushTemplateKey,
  type Language,
  PUSH_TEMPLATE_KEYS,
  type TPushTemplate,
  type TPushTemplateKey,
} from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { PushTemplatesCard } from "./push-templates-card";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const APP_NAME = "Parley Demo";
const templatePath = (key: TPushTemplateKey) => `/api/apps/${appId}/push/template/${key}`;

/** The server's templates; `accountLanguage` is the language of the account that owns the app. */
function stubServer(overrides: Partial<Record<TPushTemplateKey, string>> = {}, accountLanguage: Language = "en") {
  const defaultText = (key: TPushTemplateKey) => DEFAULT_PUSH_TEMPLATES[accountLanguage][key];
  const titles = (key: TPushTemplateKey) =>
    isTitledPushTemplateKey(key)
      ? { title: DEFAULT_PUSH_TITLES[accountLanguage][key], defaultTitle: DEFAULT_PUSH_TITLES[accountLanguage][key] }
      : {};
  const templates = new Map<TPushTemplateKey, TPushTemplate>(
    PUSH_TEMPLATE_KEYS.map((key) => [
      key,
      {
        key,
        text: overrides[key] ?? defaultText(key),
        defaultText: defaultText(key),
        updatedAt: overrides[key] ? "2026-03-01T00:00:00.000Z" : null,
        ...titles(key),
      },
    ]),
  );
  return stubFetch((url, init) => {
    if (url === `/api/apps/${appId}/push/templates`) return jsonResponse(200, { templates: [...templates.values()] });
    const key = PUSH_TEMPLATE_KEYS.find((each) => url === templatePath(each));
    if (key && init?.method === "PUT") {
      const { text, title } = JSON.parse(String(init.body)) as { text: string; title?: string };
      const saved = {
        key,
        text,
        defaultText: defaultText(key),
        updatedAt: "2026-03-02T00:00:00.000Z",
        ...titles(key),
        ...(title === undefined ? {} : { title }),
      };
      templates.set(key, saved);
      return jsonResponse(200, { template: saved });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

const textbox = () => screen.getByLabelText(t("push.templates.text"), { selector: "textarea" });
const preview = () => screen.getByTestId("push-template-preview");
const noop = () => {};

// Typing through MUI fields in jsdom outruns the default 5 s on a busy machine.
describe("PushTemplatesCard", () => {
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it.each(["ko", "en"])(
    "previews the unsaved text live with the app's name and %s sample values and saves it to the template's own path",
    async (language) => {
      await i18n.changeLanguage(language);
      const fetchMock = stubServer();
      const { user } = renderWithRouter(<PushTemplatesCard appId={appId} appName={APP_NAME} onDirtyChange={noop} />);
      await user.click(await screen.findByRole("button", { name: new RegExp(t("push.events.channel.member.left")) }));

      expect(textbox()).toHaveValue(DEFAULT_PUSH_TEMPLATES.en["channel/member/left"]);
      expect(preview()).toHaveTextContent(`${t("push.sample.senderName")} left ${t("push.sample.channel")}`);
      const save = screen.getByRole("button", { name: t("common.save") });
      expect(save).toBeDisabled();

      await user.clear(textbox());
      await user.type(textbox(), "Bye from ");
      expect(preview()).toHaveTextContent("Bye from");
      const insertApp = t("push.templates.insert", { token: "{{app}}", description: t("push.variables.app") });
      await user.click(screen.getByRole("button", { name: insertApp }));
      await user.type(textbox(), "!");
      expect(textbox()).toHaveValue("Bye from {{app}}!");
      expect(preview()).toHaveTextContent(`Bye from ${APP_NAME}!`);

      await user.click(save);
      expect(
        await screen.findByText(t("push.templates.saved", { name: t("push.events.channel.member.left") })),
      ).toBeInTheDocument();
      await waitFor(() => expect(save).toBeDisabled());
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
      expect(put?.[0]).toBe(templatePath("channel/member/left"));
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ text: "Bye from {{app}}!" });
    },
  );

  it("flags variables the sender does not fill, keeps Save off, and shows the app's name above the preview", async () => {
    stubServer();
    const { user } = renderWithRouter(<PushTemplatesCard appId={appId} appName={APP_NAME} onDirtyChange={noop} />);
    await user.click(await screen.findByRole("button", { name: new RegExp(t("push.events.channel.member.left")) }));
    expect(screen.getByText(`${APP_NAME} · ${t("push.templates.now")}`)).toBeInTheDocument();

    await user.clear(textbox());
    await user.type(textbox(), "{{{{sender.nmae}} left {{{{chanel}}");
    expect(
      screen.getByText(t("push.templates.unknownVariables", { names: "{{sender.nmae}}, {{chanel}}" })),
    ).toBeInTheDocument();
    expect(textbox()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled();

    await user.clear(textbox());
    await user.type(textbox(), "{{{{sender.name}} has left {{{{channel}}");
    expect(screen.queryByText(/sender\.nmae/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("common.save") })).toBeEnabled();
  });

  it("restores the default in the owning account's language, not the dashboard's, and refuses an empty text", async () => {
    await i18n.changeLanguage("en");
    stubServer({ "channel/member/left": "Bye from {{channel}}" }, "ko");
    const { user } = renderWithRouter(<PushTemplatesCard appId={appId} appName={APP_NAME} onDirtyChange={noop} />);
    expect(await screen.findByText(t("push.templates.custom"))).toBeInTheDocument();
    expect(screen.getAllByText(t("push.templates.default"))).toHaveLength(PUSH_TEMPLATE_KEYS.length - 1);
    await user.click(screen.getByRole("button", { name: new RegExp(t("push.events.channel.member.left")) }));
    expect(textbox()).toHaveValue("Bye from {{channel}}");

    await user.clear(textbox());
    expect(screen.getByText(t("VALIDATION_REQUIRED"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled();
    expect(screen.getByText(t("push.templates.unsaved"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("push.templates.restoreDefault") }));
    expect(textbox()).toHaveValue("{{sender.name}} 님이 {{channel}}에서 나갔습니다");
    expect(preview()).toHaveTextContent(
      `${t("push.sample.senderName")} 님이 ${t("push.sample.channel")}에서 나갔습니다`,
    );
    expect(screen.getByRole("button", { name: t("common.save") })).toBeEnabled();
    expect(screen.getByRole("button", { name: t("push.templates.restoreDefault") })).toBeDisabled();
  });

  it.each(["ko", "en"])(
    "edits a mention's title and body with a live preview of both in %s, and saves them together",
    async (language) => {
      await i18n.changeLanguage(language);
      const fetchMock = stubServer();
      const { user } = renderWithRouter(<PushTemplatesCard appId={appId} appName={APP_NAME} onDirtyChange={noop} />);
      await user.click(await screen.findByRole("button", { name: new RegExp(t("push.events.message.mention")) }));

      const title = screen.getByRole("textbox", { name: t("push.templates.titleField") });
      const body = screen.getByLabelText(t("push.templates.bodyField"), { selector: "textarea" });
      expect(title).toHaveValue(DEFAULT_PUSH_TITLES.en["message/mention"]);
      expect(body).toHaveValue(DEFAULT_PUSH_TEMPLATES.en["message/mention"]);
      expect(screen.getByTestId("push-template-preview-title")).toHaveTextContent(
        `${t("push.sample.senderName")} mentioned you in ${t("push.sample.channel")}`,
      );
      expect(screen.getByText(t("push.templates.mentionHint"))).toBeInTheDocument();

      await user.clear(title);
      await user.type(title, "@ ");
      const insertChannel = t("push.templates.insert", {
        token: "{{channel}}",
        description: t("push.variables.channel"),
      });
      await user.click(screen.getByRole("button", { name: insertChannel }));
      expect(title).toHaveValue("@ {{channel}}");
      expect(screen.getByTestId("push-template-preview-title")).toHaveTextContent(`@ ${t("push.sample.channel")}`);
      await user.clear(body);
      await user.type(body, "{{{{sender.name}}: {{{{message}}");
      expect(preview()).toHaveTextContent(`${t("push.sample.senderName")}: ${t("push.sample.message")}`);

      await user.click(screen.getByRole("button", { name: t("common.save") }));
      expect(
        await screen.findByText(t("push.templates.saved", { name: t("push.events.message.mention") })),
      ).toBeInTheDocument();
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
      expect(put?.[0]).toBe(templatePath("message/mention"));
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        title: "@ {{channel}}",
        text: "{{sender.name}}: {{message}}",
      });
    },
  );

  it("keeps Save off while a reply's title names an unknown variable or is empty", async () => {
    stubServer();
    const { user } = renderWithRouter(<PushTemplatesCard appId={appId} appName={APP_NAME} onDirtyChange={noop} />);
    await user.click(await screen.findByRole("button", { name: new RegExp(t("push.events.message.reply")) }));
    const title = screen.getByRole("textbox", { name: t("push.templates.titleField") });
    await user.clear(title);
    await user.type(title, "{{{{sender.nmae}} replied");
    expect(screen.getByText(t("push.templates.unknownVariables", { names: "{{sender.nmae}}" }))).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled();
    await user.clear(title);
    expect(screen.getByText(t("VALIDATION_REQUIRED"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: t("push.templates.restoreDefault") }));
    expect(title).toHaveValue(DEFAULT_PUSH_TITLES.en["message/reply"]);
    expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled();
  });

  it("lists the events as items of a list, one button in each", async () => {
    stubServer();
    renderWithRouter(<PushTemplatesCard appId={appId} appName={APP_NAME} onDirtyChange={noop} />);
    const list = await screen.findByRole("list", { name: t("push.templates.events") });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(PUSH_TEMPLATE_KEYS.length);
    for (const item of items) expect(within(item).getAllByRole("button")).toHaveLength(1);
  });
});
