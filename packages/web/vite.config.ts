import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite";

// Workspace packages export their TypeScript source under this condition, and their build to everyone else
// (packages/sdk/package.json), so the app uses the SDK's source without building it first.
const SOURCE_CONDITION = "@parley/source";

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const MUI = /[\\/]node_modules[\\/](@mui|@emotion)[\\/]/;

const apiServer = "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
    conditions: [SOURCE_CONDITION, ...defaultClientConditions],
  },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
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
    // scripts/prerender.ts reads it to preload each prerendered page's route chunks.
    manifest: true,
    rollupOptions: {
      // The app, and the home page's own small script (src/intro-lite.ts), which loads the app only when needed.
      input: { index: "index.html", "intro-lite": "src/intro-lite.ts" },
      output: {
        // Texts are named by language and part (`strings-ko-public-…`), so what a page downloads is legible.
        // MUI in two files, never one per component (a dashboard page then waited on some 60 small requests, six at a
        // time over HTTP/1.1): `mui` holds what the start-up code itself renders (the boot screen, providers,
        // snackbar, overlay) with Emotion and the theme, which every component needs; `mui-pages` the components only
        // pages use, fetched with the first page after the boot screen is painted. React has a file of its own, or the
        // `mui-pages` group would take react-dom in with the components that need it and make start-up load it.
        codeSplitting: {
          groups: [
            { name: "react", test: REACT, priority: 2 },
            { name: "mui", test: MUI, tags: ["$initial"], priority: 1 },
            { name: "mui-pages", test: MUI },
          ],
        },
        chunkFileNames: (chunk) => {
          const locale = chunk.facadeModuleId?.match(/i18n\/locales\/(\w+)\/(\w+)\.json$/);
          return locale ? `assets/strings-${locale[1]}-${locale[2]}-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
  },
});
