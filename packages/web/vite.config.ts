import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiServer = "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": apiServer,
      "/v1": { target: apiServer, ws: true },
      "/files": apiServer,
      "/sandbox-gateway": apiServer,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
