const HUES = [12, 36, 150, 190, 215, 250, 285, 330];

/** A stable colour per name, so a person keeps theirs across lists and reloads. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return HUES[hash % HUES.length] ?? 215;
}

/** A round initial with, when presence is known, an online dot. */
export function Avatar(props: { name: string; online?: boolean; small?: boolean }) {
  const initial = [...props.name.trim()][0]?.toUpperCase() ?? "?";
  return (
    <span
      className={`avatar ${props.small ? "small" : ""}`}
      style={{ background: `hsl(${hueOf(props.name)} 55% 88%)`, color: `hsl(${hueOf(props.name)} 45% 30%)` }}
      aria-hidden="true"
    >
      {initial}
      {props.online !== undefined && <span className={`presence-dot ${props.online ? "online" : "offline"}`} />}
    </span>
  );
}
