import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The sample talks to the API through this proxy, so the browser sees one origin and needs no CORS setup.
const apiServer = process.env.PARLEY_API_URL ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
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
