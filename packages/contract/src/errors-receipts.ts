/**
 * The catalogue's codes for delivery receipts and push preferences (3240–3242). Spread into `errorCatalogue`
 * (errors.ts), which is what every caller reads.
 */
export const receiptsErrorCatalogue = {
  "3240": {
    status: 400,
    description:
      "Open channels keep no delivery receipts: anyone may read them without joining, so they have no unread counts or receipts.",
  },
  "3241": {
    status: 400,
    description: "The time zone is not an IANA time zone name the server knows, such as Asia/Seoul.",
  },
  "3242": {
    status: 403,
    description: "A user reads and sets only their own push preferences; the app's server may set anyone's.",
  },
} as const;
