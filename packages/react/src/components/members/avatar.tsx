const HUES = [12, 36, 150, 190, 215, 250, 285, 330];

/** A stable colour per name, so a person keeps theirs across lists and reloads. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return HUES[hash % HUES.length] ?? 215;
}

/** A round initial with, when presence is known, an online dot. Decorative: the name is always written beside it. */
export function Avatar(props: { name: string; online?: boolean; small?: boolean; large?: boolean }) {
  const initial = [...props.name.trim()][0]?.toUpperCase() ?? "?";
  const hue = hueOf(props.name);
  const size = props.large ? " pk-avatar-large" : props.small ? " pk-avatar-small" : "";
  return (
    <span
      className={`pk-avatar${size}`}
      style={{ background: `hsl(${hue} 55% 88%)`, color: `hsl(${hue} 45% 30%)` }}
      aria-hidden="true"
    >
      {initial}
      {props.online !== undefined && (
        <span className={`pk-presence-dot ${props.online ? "pk-presence-online" : "pk-presence-offline"}`} />
      )}
    </span>
  );
}
