"use strict";
// The SDK on a phone: the packed `@parley/sdk` (as an app installs it from the registry) under React Native's test
// environment and globals, against a real server process. The global setup packs the SDK and unpacks it into
// PACKAGE_DIR, and starts the server; the names of the SDK's entries point there, never at the workspace's sources.
const path = require("node:path");
const base = require("./base.cjs");

// `npm pack` puts the package's files under `package/` in the tarball.
const PACKAGE_DIR = path.join(require("../test/device/package-dir.cjs"), "package");

module.exports = {
  ...base,
  displayName: "device",
  testMatch: ["<rootDir>/test/device/**/*.test.{ts,tsx}"],
  // React Native's own environment: it does not ask for the workspace's sources as the kit's does.
  testEnvironment: require.resolve("@react-native/jest-preset/jest/react-native-env.js"),
  globalSetup: "<rootDir>/test/device/global-setup.mjs",
  globalTeardown: "<rootDir>/test/device/global-teardown.mjs",
  setupFiles: [...base.setupFiles, "<rootDir>/test/device/react-native-globals.ts"],
  // The kit's screens are rendered against the server too, with the testing library's longer waits.
  setupFilesAfterEnv: [...(base.setupFilesAfterEnv ?? []), path.join(__dirname, "kit-setup.cjs")],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    "^@parley/sdk$": path.join(PACKAGE_DIR, "dist/index.js"),
    "^@parley/sdk/offline$": path.join(PACKAGE_DIR, "dist/offline.js"),
    // The web kit's hooks from the workspace's sources, as the kit bundles them; their `@parley/sdk` is the packed one.
    "^@parley/react/headless$": path.resolve(__dirname, "../../react/src/headless.ts"),
  },
  // AsyncStorage ships its in-memory Jest store as an ES module, which Babel turns into what Jest runs.
  transformIgnorePatterns: ["node_modules/(?!((jest-)?react-native|@react-native(-community|-async-storage)?)/)"],
  // Babel's helpers, which the transform of the unpacked package asks for, from the workspace as an app has its own.
  modulePaths: [path.resolve(__dirname, "../../../node_modules")],
};
