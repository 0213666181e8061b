/** Link previews: the card a message with a link carries, and the app's switch for them. */
import { z } from "zod";

/** The longest link a preview is made for; a longer one is left as text. */
export const LINK_PREVIEW_URL_MAX = 2048;
/** What of a page's title and description a preview keeps, in characters: a card's worth, not an article. */
export const LINK_PREVIEW_TITLE_MAX = 300;
export const LINK_PREVIEW_DESCRIPTION_MAX = 1000;
export const LINK_PREVIEW_SITE_NAME_MAX = 100;

/**
 * What a page says about itself, read from its Open Graph tags, its Twitter card, or its plain `<title>` and
 * `<meta name="description">`. `url` is the link as the message has it; `imageUrl` is absolute. A field the page
 * does not give is null; a preview has at least a title or a description.
 */
export const zLinkPreview = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type TLinkPreview = z.infer<typeof zLinkPreview>;

/** The app's switch for link previews; on unless the app turned it off. */
export const zLinkPreviewsEnabled = z.object({ enabled: z.boolean() });
export type TLinkPreviewsEnabled = z.infer<typeof zLinkPreviewsEnabled>;

/** A link in text: `http://` or `https://` and what follows up to a space or a character no URL holds bare. */
const LINK_PATTERN = /\bhttps?:\/\/[^\s<>"'`\u3000]+/gi;
/** Punctuation that ends a sentence rather than the link before it. */
const TRAILING = /[.,;:!?'"]+$/;

/** Drops a closing bracket the link did not open: `(see https://x.example/a)` ends at `a`. */
function trimUnopened(link: string, open: string, close: string): string {
  let text = link;
  while (text.endsWith(close) && text.split(open).length < text.split(close).length) {
    text = text.slice(0, -1).replace(TRAILING, "");
  }
  return text;
}

/**
 * The first link of a message's text that a preview is made for, as a normalized URL without its fragment; null
 * when the text has none. Only links written with `http://` or `https://` count: a bare `example.com` is as often
 * a file name or a sentence missing a space, and guessing would fetch pages the sender never meant as links.
 */
export function firstLinkUrl(text: string): string | null {
  for (const match of text.matchAll(LINK_PATTERN)) {
    let link = match[0].replace(TRAILING, "");
    link = trimUnopened(trimUnopened(trimUnopened(link, "(", ")"), "[", "]"), "{", "}");
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      continue;
    }
    if (url.hostname === "" || url.username !== "" || url.password !== "") continue;
    url.hash = "";
    if (url.href.length > LINK_PREVIEW_URL_MAX) continue;
    return url.href;
  }
  return null;
}
