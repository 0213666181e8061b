import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { deviceName, parseUserAgent, RAW_USER_AGENT_MAX } from "./user-agent";

const agents = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  whaleWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Whale/3.26.244.21 Safari/537.36",
  headlessChromeLinux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
  operaMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
};

describe("parseUserAgent", () => {
  it.each([
    [agents.chromeWindows, "Chrome", "Windows"],
    [agents.edgeWindows, "Edge", "Windows"],
    [agents.safariIphone, "Safari", "iPhone"],
    [agents.chromeIphone, "Chrome", "iPhone"],
    [agents.safariMac, "Safari", "macOS"],
    [agents.firefoxLinux, "Firefox", "Linux"],
    [agents.samsungAndroid, "Samsung Internet", "Android"],
    [agents.whaleWindows, "Whale", "Windows"],
    [agents.operaMac, "Opera", "macOS"],
    [agents.headlessChromeLinux, "Chrome", "Linux"],
  ])("names the browser and system of %s", (userAgent, browser, os) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, os });
  });

  it("knows neither in an agent that is not a browser", () => {
    expect(parseUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null });
  });
});

describe("deviceName", () => {
  const en = i18n.getFixedT("en");
  const ko = i18n.getFixedT("ko");

  it("joins browser and system in the UI language", () => {
    expect(deviceName(agents.chromeWindows, en)).toBe("Chrome on Windows");
    expect(deviceName(agents.safariIphone, ko)).toBe("iPhone의 Safari");
  });

  it("shows the one part it knows alone", () => {
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeApp/1.0", en)).toBe("Windows");
  });

  it("keeps an unrecognised agent as it came, cut to a readable length", () => {
    expect(deviceName("parley-sdk/2.1.0 node/22", en)).toBe("parley-sdk/2.1.0 node/22");
    const long = `custom-client/${"x".repeat(100)}`;
    const name = deviceName(long, en);
    expect(name).toHaveLength(RAW_USER_AGENT_MAX);
    expect(name.endsWith("…")).toBe(true);
    expect(long.startsWith(name.slice(0, -1))).toBe(true);
  });

  it("calls a session without an agent an unknown device", () => {
    expect(deviceName("", en)).toBe("Unknown device");
    expect(deviceName("  ", ko)).toBe("알 수 없는 기기");
  });
});
