/**
 * The catalogue's codes of the moderation rules engine. Spread into `errorCatalogue` (errors.ts), which is what every
 * caller reads. A refusal's message names the rule that refused.
 */
export const moderationRulesErrorCatalogue = {
  "3188": {
    status: 403,
    description: "The message was refused by a moderation rule, and the sender muted in the channel.",
  },
  "3189": {
    status: 403,
    description: "The message was refused by a moderation rule, and the sender banned from the channel.",
  },
  "3192": { status: 400, description: "The message was refused by a moderation rule (action block)." },
  "3193": { status: 409, description: "An app holds at most 50 moderation rules." },
  "3194": { status: 404, description: "No such moderation rule in this app." },
  "3195": { status: 409, description: "A moderation rule with this name already exists in the app." },
  "3196": { status: 400, description: "A reorder must name every moderation rule of the app, each once." },
} as const satisfies Record<string, { status: number; description: string }>;
