"use strict";
const base = require("./base.cjs");

module.exports = {
  ...base,
  displayName: "kit",
  testMatch: ["<rootDir>/src/**/*.test.{ts,tsx}"],
};
