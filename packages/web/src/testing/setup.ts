import "@testing-library/jest-dom/vitest";
import { DEFAULT_LANGUAGE } from "@parley/contract";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { i18n, loadStrings } from "@/i18n";
import { setUnauthorizedHandler } from "@/lib/api-client";
import { clearSession } from "@/lib/session";

// Every text of both languages, so a test renders any page and switches language without waiting for a download.
await loadStrings("public", "app", "site");
await i18n.loadLanguages(["ko", "en"]);

// Emotion's style tags (MUI's styles, one tag a rule) are kept out of the document, in an element of their own. jsdom's
// getComputedStyle matches every rule of every sheet against the element and applies each matched rule's properties
// again, and Testing Library calls it for every element whose role or accessible name it reads: with the 500 to 1,100
// tags a worker's files leave in the shared document, that was half the project's CPU. Without them the tests read the
// elements' own styles, attributes and roles, as before; how MUI's classes lay a page out is the browser tests' to check.
// This file runs before each test file, and a worker's files share one document: the head is patched once.
const head = document.head as HTMLHeadElement & { emotionStyles?: HTMLElement };
if (!head.emotionStyles) {
  const emotionStyles = document.createElement("div");
  head.emotionStyles = emotionStyles;
  const isEmotionStyle = (node: Node) => node instanceof HTMLStyleElement && node.hasAttribute("data-emotion");
  const insertBefore = head.insertBefore.bind(head);
  const appendChild = head.appendChild.bind(head);
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T =>
    isEmotionStyle(node) ? emotionStyles.appendChild(node) : insertBefore(node, child);
  head.appendChild = <T extends Node>(node: T): T =>
    isEmotionStyle(node) ? emotionStyles.appendChild(node) : appendChild(node);
  for (const tag of head.querySelectorAll("style[data-emotion]")) emotionStyles.appendChild(tag);
}

// A route's module is imported the first time a test reaches it; while every test file runs at once on a busy
// machine that first import has taken up to six seconds, which is not what any test is about.
configure({ asyncUtilTimeout: 10_000 });

// The project runs its files without isolation (vitest.config.ts): a worker's modules outlive the file that loaded
// them, and with them the signed-in session, the language and the client's sign-out handler. This file runs before
// each test file, so each starts as a fresh page load does: nobody signed in, the default language, nothing stored.
// An ended session reads as expired, which sends to /login as no session at all does.
clearSession();
setUnauthorizedHandler(null);
await i18n.changeLanguage(DEFAULT_LANGUAGE);
window.localStorage.clear();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// A spy on a shared object (a prototype, `console`, `navigator`) would otherwise stay on it for the next file.
afterAll(() => {
  vi.restoreAllMocks();
});
