"use strict";
// React Native's test environment, also asking for the workspace's TypeScript sources (`@parley/source`), so the kit's
// tests run the SDK as it is in the repository rather than a build.
const ReactNativeEnvironment = require("@react-native/jest-preset/jest/react-native-env.js");

module.exports = class ParleyReactNativeEnvironment extends ReactNativeEnvironment {
  customExportConditions = ["@parley/source", "require", "react-native"];
};
