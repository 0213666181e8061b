/**
 * The catalogue's codes of scheduled messages. Spread into `errorCatalogue` (errors.ts), which is what every caller
 * reads. A refusal at the message's time is not one of these: the send's own code is recorded on it.
 */
export const scheduledMessageErrorCatalogue = {
  "3230": {
    status: 400,
    description:
      "A message is scheduled at least 1 minute and at most 30 days ahead; data.earliest and data.latest say when.",
  },
  "3231": { status: 404, description: "No such scheduled message of the caller." },
  "3232": {
    status: 409,
    description:
      "The scheduled message is no longer waiting (it is being sent, was sent or failed); data.status is its status now.",
  },
  "3233": { status: 409, description: "A user may have at most 100 messages waiting to be sent; cancel one first." },
} as const satisfies Record<string, { status: number; description: string }>;
