import type { Language } from "@parley/contract";
import type { DocTab } from "@/config/paths";

/**
 * The docs' Markdown, bundled as text into the docs page's chunk only (eager, so the page renders at once and a
 * prerender has it without waiting). The chat REST tab's file is the introduction above the generated reference.
 */
const files = import.meta.glob<string>("../../content/docs/*/*.md", { query: "?raw", import: "default", eager: true });

export function docSource(language: Language, tab: DocTab): string {
  return files[`../../content/docs/${language}/${tab}.md`] ?? "";
}
