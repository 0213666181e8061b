/**
 * Whether the database's `lower()` and regular-expression `\s` treat `char` as JavaScript does, whatever the
 * database's locale: printable ASCII, tab, line feed and carriage return, and characters from U+00A0 on that have no
 * case and are not spaces (Hangul, kana, Han, emoji, most symbols). Letters with a case outside ASCII, other spaces
 * and control characters are left to the database.
 */
function sameEverywhere(char: string, codePoint: number): boolean {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return true;
  if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) return true;
  if (codePoint < 0xa0 || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return false;
  // Spaces some C libraries count that JavaScript does not: the Mongolian vowel separator, zero-width ones.
  if (codePoint === 0x180e || (codePoint >= 0x200b && codePoint <= 0x200d) || codePoint === 0x2060) return false;
  return !/\s/u.test(char) && char.toLowerCase() === char && char.toUpperCase() === char;
}

/** The neighbouring pairs of `chars` cut from its first character, two at a time, that hold no space. */
function pairs(chars: readonly string[], prefix: string, into: string[]): void {
  const end = chars.length - (chars.length % 2);
  for (let i = 0; i < end; i += 2) {
    const pair = `${chars[i]}${chars[i + 1]}`;
    if (!pair.includes(" ")) into.push(prefix + pair);
  }
}

/**
 * The search grams of a message's text, in the order and with the repeats the database's
 * `message_search_tokens(app, text)` gives them (migration 0027): pairs cut from the first character, pairs cut from
 * the second, then every character from U+1100 on, each after the first 8 characters of the app's id. Undefined for
 * a text the database must cut itself (see `sameEverywhere`): the trigger does it when the insert brings no grams.
 */
export function messageSearchTokens(appId: string, text: string): string[] | undefined {
  const chars: string[] = [];
  // Judged before any case is changed: a letter's lower case may be made of characters that pass on their own.
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!sameEverywhere(char, codePoint)) return undefined;
    const spaced = codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d ? " " : char;
    // Runs of spaces are one space.
    if (spaced === " " && chars[chars.length - 1] === " ") continue;
    // Only ASCII letters have a case here.
    chars.push(codePoint >= 0x41 && codePoint <= 0x5a ? spaced.toLowerCase() : spaced);
  }
  const prefix = appId.slice(0, 8);
  const grams: string[] = [];
  pairs(chars, prefix, grams);
  pairs(chars.slice(1), prefix, grams);
  for (const char of chars) if ((char.codePointAt(0) ?? 0) >= 0x1100) grams.push(prefix + char);
  return grams;
}
