import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/modules/*/schema.ts",
    "./src/chat/schema.ts",
    "./src/mail/schema.ts",
    "./src/http/schema.ts",
    "./src/integrations/schema.ts",
    "./src/jobs/schema.ts",
  ],
  out: "./src/db/migrations",
});
