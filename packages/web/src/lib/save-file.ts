/**
 * Hands a fetched file to the browser as a download through a short-lived object URL. Files that need the session
 * token come through `api.download`, since a plain link could not carry the bearer header.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: some browsers start the download only after the click handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
