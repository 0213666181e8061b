import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The project runs its files without isolation (vitest.config.ts): a spy or a stubbed global would otherwise stay for
// the file the worker runs next.
afterAll(() => {
  vi.restoreAllMocks();
});
