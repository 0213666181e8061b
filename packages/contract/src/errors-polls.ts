/**
 * The catalogue's codes of polls (3220–3227). Spread into `errorCatalogue` (errors.ts), which is what every caller
 * reads.
 */
export const pollErrorCatalogue = {
  "3220": { status: 404, description: "No such poll in this channel, or one the caller may not read." },
  "3221": { status: 409, description: "The poll is closed: it takes no votes, and closing it again changes nothing." },
  "3222": { status: 400, description: "An option ID the poll does not have." },
  "3223": {
    status: 400,
    description: "A single-choice poll takes exactly one option per vote; a multiple-choice poll each option once.",
  },
  "3224": { status: 403, description: "The poll is anonymous: who voted for what is not shown." },
  "3225": {
    status: 403,
    description:
      "Only the poll's creator, whoever the roles let pin in the channel (its owner and moderators, the app's moderators) and the app's server close a poll; data.permission names pin.",
  },
  "3226": {
    status: 400,
    description: "The closing time must be in the future and at most 30 days ahead.",
  },
  "3227": { status: 400, description: "Two options of a poll have the same text." },
} as const satisfies Record<string, { status: number; description: string }>;
