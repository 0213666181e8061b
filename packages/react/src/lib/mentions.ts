/** The `@name` being typed just before the caret: where its `@` is and what follows it, or null when none. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? "";
  return { start: caret - query.length - 1, query };
}

/**
 * The users a message mentions: those picked from the list whose `@nickname` is still in the text, so a mention
 * the user deleted again is not sent.
 */
export function mentionedIn(text: string, picked: Map<string, string>): string[] {
  return [...picked].filter(([, nickname]) => text.includes(`@${nickname}`)).map(([userId]) => userId);
}

export type Segment = { text: string; mention?: string };

/**
 * A message's text cut where it names a mentioned user (`@nickname`), so those parts can be highlighted. Longer
 * names are tried first, so `@Kim Min` is not cut short at `@Kim`.
 */
export function splitMentions(text: string, mentioned: { userId: string; nickname: string }[]): Segment[] {
  const names = [...mentioned].sort((a, b) => b.nickname.length - a.nickname.length);
  const segments: Segment[] = [];
  let plain = "";
  for (let i = 0; i < text.length; ) {
    const hit = text[i] === "@" ? names.find((n) => text.startsWith(n.nickname, i + 1)) : undefined;
    if (!hit) {
      plain += text[i];
      i += 1;
      continue;
    }
    if (plain) segments.push({ text: plain });
    plain = "";
    segments.push({ text: `@${hit.nickname}`, mention: hit.userId });
    i += hit.nickname.length + 1;
  }
  if (plain) segments.push({ text: plain });
  return segments;
}
