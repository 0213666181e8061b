/**
 * The catalogue's codes for a channel's controls: slow mode (3206) and open channels (3207). Spread into
 * `errorCatalogue` (errors.ts), which is what every caller reads.
 */
export const channelControlErrorCatalogue = {
  "3206": {
    status: 429,
    description:
      "Slow mode: a member may send one message per the channel's cooldown; retry after the error's retryAfterSeconds.",
  },
  "3207": {
    status: 400,
    description:
      "Not for an open channel: it takes no invite code and hides no history before joining, and becomes another type only while its members fit that type's limit.",
  },
} as const;
