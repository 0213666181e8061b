import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { i18n, loadStrings } from "@/i18n";

// Every text of both languages, so a test renders any page and switches language without waiting for a download.
await loadStrings("public", "app");
await i18n.loadLanguages(["ko", "en"]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
