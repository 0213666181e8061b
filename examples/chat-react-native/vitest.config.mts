import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "example-react-native",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // Metro takes 20 to 40 s a platform on a two-core machine; packing both packages and installing React Native
    // into an empty project takes minutes more.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
