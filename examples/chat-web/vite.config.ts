import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// The sample talks to the API through this proxy, so the browser sees one origin and needs no CORS setup.
const apiServer = process.env.PARLEY_API_URL ?? "http://localhost:8080";

// The SDK exports its TypeScript source under this condition and its build to everyone else
// (packages/sdk/package.json), so the sample runs on the SDK's source without building it first.
const SOURCE_CONDITION = "@parley/source";

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  server: {
    port: 5174,
    proxy: {
      "/v1": { target: apiServer, ws: true },
      "/files": apiServer,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
