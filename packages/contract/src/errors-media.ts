/**
 * The catalogue's codes for media reading at upload (3251-3256). Spread into `errorCatalogue` (errors.ts), which is
 * what every caller reads.
 */
export const mediaErrorCatalogue = {
  "3251": {
    status: 415,
    description:
      "The file's bytes are not of the type its name or Content-Type claims (a PNG named .jpg, text named .png); send it under its real type.",
  },
  "3252": {
    status: 413,
    description:
      "The image has more pixels than the server reads (50 megapixels, all frames together); send a smaller one.",
  },
  "3253": {
    status: 422,
    description:
      "The image's bytes are damaged or in a variant the server cannot read; send it again or in another format.",
  },
  "3254": {
    status: 409,
    description:
      "The image's thumbnails are still being made and its original is not served until its metadata is removed; try again shortly.",
  },
  "3255": {
    status: 415,
    description:
      "A voice message's file is not audio the server recognises (WebM, Ogg, MP4/AAC, MP3 or WAV), or its audio cannot be decoded; record it again.",
  },
  "3256": {
    status: 413,
    description: "A voice message is longer than the server takes (10 minutes); send a shorter recording.",
  },
} as const satisfies Record<string, { status: number; description: string }>;
