"use strict";
// Where the global setup unpacks the packed SDK, and where the device project's module names point: one folder per
// user of the machine, emptied at each run.
const os = require("node:os");
const path = require("node:path");

module.exports = path.join(os.tmpdir(), `parley-device-sdk-${os.userInfo().uid}`);
