import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { i18n, loadStrings } from "@/i18n";

// Every text of both languages, so a test renders any page and switches language without waiting for a download.
await loadStrings("public", "app");
await i18n.loadLanguages(["ko", "en"]);

// A route's module is imported the first time a test reaches it; while every test file runs at once on a busy
// machine that first import has taken up to six seconds, which is not what any test is about.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
