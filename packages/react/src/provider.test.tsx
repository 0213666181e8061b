import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChannelList } from "./components/channel-list/channel-list";
import { en } from "./i18n/en";
import { ko } from "./i18n/ko";
import { FakeClient, makeChannel } from "./testing/fake-client";
import { renderKit } from "./testing/render";
import { darkTheme, lightTheme, THEME_VARIABLES } from "./theme/themes";

const root = () => document.querySelector<HTMLElement>(".pk-root");

function client() {
  const fake = new FakeClient("kim");
  fake.addChannel(makeChannel("general", { name: "General" }), { unread: { unreadCount: 2 } });
  return fake;
}

describe("ParleyProvider", () => {
  it("switches every string between Korean and English", async () => {
    const { rerender } = renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, {
      client: client(),
      language: "ko",
    });
    expect(await screen.findByRole("heading", { name: "채널" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "둘러보기" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "채널 검색" })).toBeInTheDocument();
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("읽지 않은 메시지 2개");
    expect(root()).toHaveAttribute("lang", "ko");

    rerender(<ChannelList selectedId={null} onSelect={() => {}} />, { language: "en" });
    expect(screen.getByRole("heading", { name: "Channels" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Discover" })).toBeInTheDocument();
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("2 unread messages");
    expect(screen.queryByText("채널")).toBeNull();
    expect(root()).toHaveAttribute("lang", "en");
  });

  it("ships a Korean string for every English one", () => {
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
    for (const text of Object.values(ko)) expect(typeof text === "string" ? text : text.other).not.toBe("");
  });

  it("uses the app's own text where it overrides a string", async () => {
    renderKit(<ChannelList selectedId={null} onSelect={() => {}} />, {
      client: client(),
      messages: { "channels.discover": "Browse", "channels.unread": { one: "{count} new", other: "{count} new" } },
    });
    expect(await screen.findByRole("heading", { name: "Browse" })).toBeInTheDocument();
    expect(await screen.findByTestId("unread-badge")).toHaveTextContent("2 new");
  });

  it("sets the dark theme's variables on its root", () => {
    renderKit(<p>hello</p>, { theme: "dark" });
    const style = root()?.style;
    expect(root()).toHaveAttribute("data-pk-theme", "dark");
    for (const name of THEME_VARIABLES) expect(style?.getPropertyValue(name)).toBe(darkTheme[name]);
    expect(style?.getPropertyValue("--pk-bg")).not.toBe(lightTheme["--pk-bg"]);
    expect(style?.colorScheme).toBe("dark");
  });

  it("lays the app's own variables over the light theme", () => {
    renderKit(<p>hello</p>, { theme: { "--pk-accent": "#0a7d5a" } });
    const style = root()?.style;
    expect(root()).toHaveAttribute("data-pk-theme", "custom");
    expect(style?.getPropertyValue("--pk-accent")).toBe("#0a7d5a");
    expect(style?.getPropertyValue("--pk-bg")).toBe(lightTheme["--pk-bg"]);
  });
});
