import { FakeClient, makeChannel } from "@parley/react/headless";
import { render, screen } from "@testing-library/react-native";
import { Platform } from "react-native";
import { ChannelList } from "./components/channel-list";
import { KitText } from "./components/kit-text";
import { ScreenHeader } from "./components/screen-header";
import { ParleyProvider } from "./provider";
import { nativeDictionaries } from "./strings";
import { renderKit } from "./testing/render";
import { darkTokens } from "./theme";

describe("ParleyProvider", () => {
  it("runs the web kit's headless hooks with no DOM at all", async () => {
    expect(typeof document).toBe("undefined");
    expect(typeof window === "undefined" || !("document" in window)).toBe(true);
    const client = new FakeClient();
    client.addChannel(makeChannel("general", { name: "General" }));
    renderKit(<ChannelList onSelect={() => {}} />, { client });
    expect(await screen.findByRole("button", { name: "General" })).toBeOnTheScreen();
  });

  it("opens the link on mount and closes it on unmount", () => {
    const client = new FakeClient();
    const { unmount } = render(
      <ParleyProvider client={client}>
        <KitText>hi</KitText>
      </ParleyProvider>,
    );
    expect(client.requests.map((r) => r.name)).toEqual(["connect"]);
    unmount();
    expect(client.requests.map((r) => r.name)).toEqual(["connect", "disconnect"]);
  });

  it("takes string overrides over both dictionaries, in Korean", () => {
    renderKit(<ScreenHeader title="채널" onBack={() => {}} />, {
      language: "ko",
      messages: { "nav.back": "이전 화면" },
    });
    expect(screen.getByRole("button", { name: "이전 화면" })).toBeOnTheScreen();
  });

  it("draws with the dark tokens, and with the app's tokens laid over light", () => {
    renderKit(<KitText>다크</KitText>, { theme: "dark" });
    expect(screen.getByText("다크")).toHaveStyle({ color: darkTokens.text, fontSize: 16 });
    screen.unmount();
    renderKit(<KitText tone="accent">custom</KitText>, { theme: { accent: "#00aa77", fontSize: 18 } });
    expect(screen.getByText("custom")).toHaveStyle({ color: "#00aa77", fontSize: 18 });
  });

  it("scales text with the system's size and breaks Korean between words on iOS", () => {
    renderKit(<KitText>한국어 문장은 단어 사이에서 줄을 바꿉니다</KitText>);
    const text = screen.getByText("한국어 문장은 단어 사이에서 줄을 바꿉니다");
    expect(text).toHaveProp("allowFontScaling", true);
    expect(Platform.OS).toBe("ios");
    expect(text).toHaveProp("lineBreakStrategyIOS", "hangul-word");
  });

  it("has every string of the phone in both languages", () => {
    expect(Object.keys(nativeDictionaries.ko).sort()).toEqual(Object.keys(nativeDictionaries.en).sort());
    for (const text of Object.values(nativeDictionaries.ko)) expect(text).not.toBe("");
  });
});
