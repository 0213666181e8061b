"use strict";
// What every test project of this package shares: React Native's preset, with Babel's config given by path so the
// workspace's other packages (the SDK's TypeScript sources) are transformed by it too.
const path = require("node:path");
const preset = require("@react-native/jest-preset");

module.exports = {
  ...preset,
  rootDir: path.resolve(__dirname, ".."),
  testEnvironment: path.join(__dirname, "environment.cjs"),
  transform: {
    ...preset.transform,
    "^.+\\.(js|ts|tsx)$": ["babel-jest", { configFile: path.resolve(__dirname, "../babel.config.cjs") }],
  },
};
