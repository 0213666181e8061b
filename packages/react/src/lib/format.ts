/** `m:ss`, or `h:mm:ss` past an hour. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A time of day in the reader's language, e.g. "14:05" or "오후 2:05". */
export function formatTime(iso: string, language: string): string {
  return new Date(iso).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" });
}

/** A file's size in the reader's language, in bytes, KB or MB (1024 each): "512 B", "1.5 KB", "12 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const units = ["B", "KB", "MB", "GB"] as const;
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  // One decimal for a small number of a larger unit ("1.5 KB"), none otherwise ("512 B", "12 MB").
  const digits = unit > 0 && size < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(size);
  return `${number} ${units[unit]}`;
}
