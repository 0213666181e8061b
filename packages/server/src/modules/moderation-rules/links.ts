import { domainToASCII } from "node:url";

/**
 * Links in a message's text, found the way a reader's client would make them clickable, and their domains in one
 * form. What counts as a link:
 *
 * - anything with a scheme (`https://`, `ftp://`, any `name://`), its host after any `user@`;
 * - a host starting with `www.`;
 * - a bare host (`example.com/path`) whose last label is a two-letter country code, a name from {@link BARE_TLDS},
 *   an IDN label (`xn--…`) or a label in a non-Latin script (`例え.テスト`), so that `file.txt` or `3.14` are not.
 *
 * Not links: an e-mail address (`kim@example.com`, the `@` before the host) and defanged forms (`hxxp://`,
 * `example[.]com`), which no client opens. Ideographic full stops (`。`, `．`, `｡`) separate labels as `.` does,
 * and trailing punctuation (`example.com).`) is not part of the link.
 */
const BARE_TLDS = new Set([
  "com",
  "net",
  "org",
  "edu",
  "gov",
  "mil",
  "int",
  "info",
  "biz",
  "app",
  "dev",
  "xyz",
  "online",
  "site",
  "shop",
  "store",
  "club",
  "live",
  "link",
  "click",
  "top",
  "icu",
  "vip",
  "pro",
  "name",
  "mobi",
  "asia",
  "tech",
  "page",
  "blog",
  "cloud",
  "email",
  "media",
  "news",
  "space",
  "website",
  "zip",
  "mov",
  "fun",
  "wiki",
  "world",
  "kim",
  "win",
  "bet",
  "casino",
  "porn",
  "sex",
  "xxx",
]);

const LABEL = "[\\p{L}\\p{M}\\p{N}-]+";
const DOT = "[.。．｡]";
/** A host of two labels or more; what precedes must not be part of a word, an address or a longer host. */
const LINK = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}@._/-])(?:([a-z][a-z0-9+.-]*):\\/\\/(?:[^\\s/@]*@)?)?((?:${LABEL}${DOT})+${LABEL})`,
  "giu",
);
/** Closing punctuation a sentence puts after a link, which is not part of it. */
const TRAILING = /[.,;:!?)\]}'"»”’」』》〉。、，！？]+$/u;

export interface FoundLink {
  /** The link's domain in ASCII (punycode), lowercase, without a trailing dot. */
  domain: string;
  /** Where the link's text starts and ends in the message (end exclusive), path included. */
  start: number;
  end: number;
}

/** A domain in one form: `例え.JP`, `xn--r8jz45g.jp` and `例え。jp` all give `xn--r8jz45g.jp`; "" when it is none. */
export function normalizeDomain(domain: string): string {
  const dotted = domain.replace(/[。．｡]/gu, ".").replace(/\.$/, "");
  return domainToASCII(dotted).replace(/\.$/, "");
}

function isBareTld(label: string): boolean {
  if (/^[a-z]{2}$/.test(label)) return true;
  if (label.startsWith("xn--")) return true;
  return BARE_TLDS.has(label);
}

/** Every link has a dot between two labels: a text without one (most chat messages) has none to look for. */
const ANY_DOT = /[.。．｡]/u;

export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  if (!ANY_DOT.test(text)) return links;
  for (const match of text.matchAll(LINK)) {
    const scheme = match[1]?.toLowerCase();
    // A defanged link (`hxxp://`) is how a link is quoted so that it does not open; it is text.
    if (scheme !== undefined && /^h[x*]{2}ps?$/.test(scheme)) continue;
    const hasScheme = scheme !== undefined;
    const rawHost = (match[2] ?? "").replace(/-+$/, "");
    const domain = normalizeDomain(rawHost);
    if (domain === "" || !domain.includes(".")) continue;
    const tld = domain.slice(domain.lastIndexOf(".") + 1);
    const isWww = domain.startsWith("www.");
    if (!hasScheme && !isWww && !isBareTld(tld)) continue;
    if (/^\d+$/.test(tld) && !hasScheme) continue;
    const start = match.index;
    let end = start + match[0].length;
    // The path, query and fragment run to the next space; closing punctuation is left to the sentence.
    const rest = /^[^\s]*/u.exec(text.slice(end))?.[0] ?? "";
    const tail = rest.replace(TRAILING, "");
    end += tail.length;
    if (tail === "") {
      const hostEnd = text.slice(start, end).replace(TRAILING, "");
      end = start + hostEnd.length;
    }
    links.push({ domain, start, end });
  }
  return links;
}

/** Whether `domain` or a domain it is under is in `listed` (normalized): one look-up a label, not one a listed domain. */
export function isUnderAnyDomain(domain: string, listed: ReadonlySet<string>): boolean {
  let rest = domain;
  for (;;) {
    if (listed.has(rest)) return true;
    const dot = rest.indexOf(".");
    if (dot === -1) return false;
    rest = rest.slice(dot + 1);
  }
}
