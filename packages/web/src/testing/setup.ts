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
