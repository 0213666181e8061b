/** The browser and operating system a user agent names, by the brand names people know them by. */
export interface UserAgentParts {
  browser: string | null;
  os: string | null;
}

// Order matters: Chromium-based browsers also say "Chrome" and "Safari", Chrome also says "Safari", and iOS and
// Android agents also say "Mac OS X" and "Linux"; the more specific token has to win.
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bWhale\//, "Whale"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  // No word boundary: automated Chrome says "HeadlessChrome/".
  [/Chrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (userAgent: string, patterns: [RegExp, string][]) =>
  patterns.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function parseUserAgent(userAgent: string): UserAgentParts {
  return { browser: firstMatch(userAgent, browsers), os: firstMatch(userAgent, systems) };
}

/** Past this an unrecognised agent is cut: the whole string would crowd the list and say little more. */
export const RAW_USER_AGENT_MAX = 60;

type Translate = (key: string, options?: Record<string, string>) => string;

/**
 * What a session list calls the device: "Chrome on Windows", the one part that is known, or else the agent as it
 * came (shortened), so a script or SDK that signed in is still recognisable; "Unknown device" when there is none.
 */
export function deviceName(userAgent: string, t: Translate): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return t("settings.sessions.device", { browser, os });
  if (browser || os) return browser ?? os ?? "";
  const raw = userAgent.trim();
  if (!raw) return t("settings.sessions.unknownDevice");
  return raw.length > RAW_USER_AGENT_MAX ? `${raw.slice(0, RAW_USER_AGENT_MAX - 1)}…` : raw;
}
