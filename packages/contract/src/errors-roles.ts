/**
 * The catalogue's codes of roles and permissions. Spread into `errorCatalogue` (errors.ts), which is what every
 * caller reads. A refusal for a missing permission names it in `data.permission`.
 */
export const rolesErrorCatalogue = {
  "3197": {
    status: 403,
    description:
      "The caller's roles do not grant the permission this action needs; data.permission names it. Refusals older than roles keep their codes (3025, 3033, 3067) and name the permission too.",
  },
  "3198": { status: 404, description: "No such role in this app." },
  "3199": { status: 409, description: "A role with this name already exists in the app, or is a built-in role." },
  "3200": { status: 409, description: "An app holds at most 20 custom roles." },
  "3201": { status: 409, description: "A built-in role cannot be deleted or renamed." },
} as const satisfies Record<string, { status: number; description: string }>;
