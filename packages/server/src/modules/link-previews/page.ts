import {
  LINK_PREVIEW_DESCRIPTION_MAX,
  LINK_PREVIEW_SITE_NAME_MAX,
  LINK_PREVIEW_TITLE_MAX,
  LINK_PREVIEW_URL_MAX,
  type TLinkPreview,
} from "@parley/contract";

/**
 * Reading what a page says about itself from its HTML: a page's `<head>` is all a preview needs, and it is a handful
 * of `<meta>` tags and a `<title>`, so a few careful patterns read it; a full HTML parser would add a dependency and
 * a larger surface to hostile pages for nothing. What is read is text for a card, never markup: entities are decoded,
 * controls and bidirectional overrides dropped, white space collapsed, lengths capped.
 */

/** How far into the bytes a `<meta charset>` is looked for; HTML requires it within the first 1024. */
const CHARSET_SNIFF_BYTES = 1024;

/** The charset a `Content-Type` header names, or null. */
export function headerCharset(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase() ?? null;
}

/** Whether an answer's `Content-Type` is an HTML page. */
export function isHtml(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "text/html" || type === "application/xhtml+xml";
}

/** The charset the page's own `<meta charset>` or `<meta http-equiv="Content-Type">` names within its first bytes. */
function sniffedCharset(bytes: Buffer): string | null {
  // Latin-1 maps each byte to one character, so ASCII markup reads the same whatever the page's real charset.
  const start = bytes.subarray(0, CHARSET_SNIFF_BYTES).toString("latin1");
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(start);
  return direct?.[1]?.toLowerCase() ?? null;
}

/**
 * The page's bytes as text: a byte order mark first, then the header's charset, then the page's own, then UTF-8.
 * An unknown charset name reads as UTF-8 rather than failing the preview; bytes that do not decode become U+FFFD.
 */
export function decodePage(bytes: Buffer, contentType: string | undefined): string {
  let label: string | null = null;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = "utf-8";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
  label ??= headerCharset(contentType) ?? sniffedCharset(bytes);
  try {
    return new TextDecoder(label ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  middot: "·",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : "\uFFFD";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** C0 and C1 controls and the bidirectional marks and overrides, which could disguise what a card says. */
function isUnsafe(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Text for a card: entities decoded, unsafe characters dropped, white space collapsed, at most `max` characters. */
function cleanText(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  const text = Array.from(decodeEntities(raw), (char) => (isUnsafe(char) ? " " : char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return null;
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}

/** An image's address made absolute against the page, if it is an http(s) URL of a sane length. */
function absoluteUrl(raw: string | undefined, base: URL): string | null {
  const text = raw === undefined ? "" : decodeEntities(raw).trim();
  if (text === "") return null;
  try {
    const url = new URL(text, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href.length > LINK_PREVIEW_URL_MAX ? null : url.href;
  } catch {
    return null;
  }
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  // The tag's name is not an attribute: what follows `<meta` is.
  for (const match of tag.replace(/^<[a-z]+/i, "").matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (!name || attributes.has(name)) continue;
    attributes.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** The part of the page a preview reads: its head, without comments, scripts and styles, whose text is not the page's. */
function headOf(html: string): string {
  const withoutHidden = html
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<script\b[\s\S]*?(<\/script\s*>|$)/gi, " ")
    .replace(/<style\b[\s\S]*?(<\/style\s*>|$)/gi, " ");
  const end = withoutHidden.search(/<\/head\s*>|<body[\s>]/i);
  return end === -1 ? withoutHidden : withoutHidden.slice(0, end);
}

/**
 * A preview from a page's HTML: Open Graph first, then the Twitter card, then the plain `<title>` and
 * `<meta name="description">`. `pageUrl` is where the page was found (after redirects), against which a relative
 * image resolves; `link` is the link as the message has it. Null when the page names neither a title nor a
 * description, since a card with neither says nothing.
 */
export function readPreview(html: string, pageUrl: URL, link: string): TLinkPreview | null {
  const head = headOf(html);
  const meta = new Map<string, string>();
  for (const match of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0]);
    const key = (attributes.get("property") ?? attributes.get("name"))?.trim().toLowerCase();
    const content = attributes.get("content");
    // The first of a repeated tag wins: Open Graph lists the preferred image first.
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value?.trim());

  const title = cleanText(first("og:title", "twitter:title") ?? titleTag, LINK_PREVIEW_TITLE_MAX);
  const description = cleanText(
    first("og:description", "twitter:description", "description"),
    LINK_PREVIEW_DESCRIPTION_MAX,
  );
  if (title === null && description === null) return null;
  return {
    url: link,
    title,
    description,
    imageUrl: absoluteUrl(
      first("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"),
      pageUrl,
    ),
    siteName: cleanText(first("og:site_name", "application-name"), LINK_PREVIEW_SITE_NAME_MAX),
  };
}
