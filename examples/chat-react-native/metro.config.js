const path = require("node:path");
const { getDefaultConfig, mergeConfig } = require("@react-native/metro-config");

const monorepoRoot = path.resolve(__dirname, "../..");

/**
 * Metro inside the monorepo. An app of your own, with `@parley/sdk` and `@parley/react-native` installed from npm,
 * needs none of this: the default config is enough.
 *
 * - The kit and the SDK are workspaces linked from the repository's root `node_modules`, outside this folder, so
 *   Metro watches the whole repository.
 * - `@parley/source` picks the packages' TypeScript source (their package.json `exports`), so the sample runs on
 *   the kit and the SDK as they are, without building them first; the other conditions pick everyone else's build.
 */
module.exports = mergeConfig(getDefaultConfig(__dirname), {
  watchFolders: [monorepoRoot],
  resolver: {
    unstable_enablePackageExports: true,
    unstable_conditionNames: ["@parley/source", "react-native", "require", "import"],
  },
});
