import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// `npm run web` talks to the API through this proxy when the server URL is left empty, so the browser sees one
// origin and needs no CORS setup.
const apiServer = process.env.PARLEY_API_URL ?? "http://localhost:8080";

// The SDK and the kit export their TypeScript source under this condition (their package.json), so the sample
// runs on them without building them first.
const SOURCE_CONDITION = "@parley/source";

/**
 * The sample in the browser through react-native-web: `react-native` is react-native-web, and a `.web` file wins
 * over its native twin (`src/platform/`), as Metro picks `.native` on a device.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^react-native$/, replacement: "react-native-web" }],
    extensions: [".web.tsx", ".web.ts", ".web.js", ".tsx", ".ts", ".mjs", ".js", ".jsx", ".json"],
    conditions: [SOURCE_CONDITION, ...defaultClientConditions],
  },
  // React Native code reads this global, which Metro defines.
  define: { __DEV__: JSON.stringify(mode !== "production") },
  server: {
    port: 5175,
    proxy: {
      "/v1": { target: apiServer, ws: true },
      "/files": apiServer,
    },
  },
  // One chunk of about 530 kB: react-native-web, the kit and the SDK, all of which the first screen needs.
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 800 },
}));
