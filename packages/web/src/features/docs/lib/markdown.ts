import { Marked, type Tokens } from "marked";

/**
 * A heading's id for deep links: lower case, letters and digits of any script kept (Korean headings too), runs
 * of anything else turned into one hyphen.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/&[a-z#0-9]+;/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export interface RenderedMarkdown {
  html: string;
  /** The page's headings in order, for tests and a table of contents. */
  headings: { depth: number; id: string; text: string }[];
}

/**
 * Renders one of our own Markdown documents (never user input, so the HTML is trusted). Headings move one level
 * down, since the page's h1 is its title, and get unique ids; tables are wrapped so a wide one scrolls by itself
 * instead of the page. Code blocks and table wrappers scroll sideways, so they take keyboard focus: without it a
 * keyboard user could never scroll to the end of a long line.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const headings: RenderedMarkdown["headings"] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = slugify(token.text) || "section";
        const count = used.get(base) ?? 0;
        used.set(base, count + 1);
        const id = count === 0 ? base : `${base}-${count}`;
        const depth = Math.min(token.depth + 1, 6);
        headings.push({ depth, id, text: token.text });
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
    },
  });
  marked.use({
    hooks: {
      postprocess: (html) =>
        html
          .replace(/<table>/g, '<div class="table-scroll" tabindex="0"><table>')
          .replace(/<\/table>/g, "</table></div>")
          .replace(/<pre>/g, '<pre tabindex="0">'),
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, headings };
}
