import { LANGUAGE_PARAM } from "@parley/contract";
import { preferredLanguage, rememberLanguage } from "./i18n/choice";
import { SESSION_STORAGE_KEY } from "./lib/storage-keys";

/**
 * The home page's script. Its prerendered HTML is the whole page: links are links and the styles are inline, so a
 * visitor without a session needs only the two controls of the header, which this wires without React: the phone
 * menu and the language switch. The app (`data-app`, the usual entry) is loaded and hydrates the page when the page
 * must change for this visitor: a stored session (the header offers the console) or a preferred language other
 * than the one the HTML was written in. See docs/decisions/0083-home-page-script.md.
 */

const html = document.documentElement;

function loadApp(): boolean {
  const entry = document.querySelector<HTMLScriptElement>("script[data-app]")?.dataset.app;
  if (!entry) return false;
  void import(/* @vite-ignore */ entry);
  return true;
}

function hasSession(): boolean {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function wireMenu(): void {
  const button = document.querySelector<HTMLButtonElement>("[data-site-menu-button]");
  const menu = button && document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!button || !menu) return;
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    menu.hidden = !open;
  };
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  button.addEventListener("click", () => setOpen(!isOpen()));
  button.closest("header")?.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
}

function wireLanguageSwitch(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-language-switch] button[lang]")) {
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-pressed") === "true") return;
      rememberLanguage(button.lang);
      // The server picks the page's language by the address, else by the cookie just written.
      const url = new URL(window.location.href);
      if (url.searchParams.has(LANGUAGE_PARAM)) {
        url.searchParams.set(LANGUAGE_PARAM, button.lang);
        window.location.replace(url);
      } else {
        window.location.reload();
      }
    });
  }
}

const needsApp = hasSession() || preferredLanguage() !== html.lang;
if (!needsApp || !loadApp()) {
  wireMenu();
  wireLanguageSwitch();
  // For browser tests and anyone measuring the page: its controls answer now (the app marks `data-hydrated`).
  html.setAttribute("data-enhanced", "");
}
