"use strict";
const path = require("node:path");
const base = require("./base.cjs");

module.exports = {
  ...base,
  displayName: "kit",
  testMatch: ["<rootDir>/src/**/*.test.{ts,tsx}"],
  setupFilesAfterEnv: [...(base.setupFilesAfterEnv ?? []), path.join(__dirname, "kit-setup.cjs")],
};
