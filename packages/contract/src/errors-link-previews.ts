/**
 * The catalogue's codes for link previews (3250). Spread into `errorCatalogue` (errors.ts), which is what every
 * caller reads.
 */
export const linkPreviewsErrorCatalogue = {
  "3250": {
    status: 403,
    description:
      "Only the message's sender (or the app's server) removes its link preview; other members read it as sent.",
  },
} as const satisfies Record<string, { status: number; description: string }>;
