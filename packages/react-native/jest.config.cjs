"use strict";
module.exports = {
  projects: ["<rootDir>/jest/kit.config.cjs", "<rootDir>/jest/device.config.cjs"],
};
