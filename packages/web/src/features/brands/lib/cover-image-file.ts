import { BRAND_IMAGE_MAX_BYTES, brandImageTypeOf } from "@parley/contract";

/** The longest signature `brandImageTypeOf` reads (PNG's eight bytes). */
const SIGNATURE_BYTES = 8;

/**
 * Why the server would refuse this file as a brand cover (code 3049's `reason`), or null when it would take it.
 * Checked before uploading so a wrong file costs no request; the type comes from the content, as on the server,
 * so a renamed text file is caught and a PNG saved as `.jpg` is not refused.
 */
export async function coverImageProblem(file: Blob): Promise<"size" | "type" | null> {
  if (file.size > BRAND_IMAGE_MAX_BYTES) return "size";
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return brandImageTypeOf(head) ? null : "type";
}
