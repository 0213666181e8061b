import { describe, expect, expectTypeOf, it } from "vitest";
import { type ErrorCode, Errors, errorCatalogue, errorCodes, isErrorCode, statusOf } from "./errors";

describe("error catalogue", () => {
  it("holds every code named by the product spec", () => {
    const named = [
      "001",
      "002",
      "003",
      "300",
      "301",
      "1000",
      "1001",
      "1002",
      "1003",
      "1004",
      "1005",
      "1006",
      "1007",
      "1008",
      "1009",
      "1010",
      "1011",
      "1012",
      "1013",
      "1014",
      "1015",
      "1016",
      "1017",
      "1018",
      "1023",
      "1024",
      "2001",
      "2002",
      "3000",
      "3001",
      "3002",
      "3003",
      "3004",
      "3005",
      "3007",
      "3008",
      "3009",
      "3010",
      "3011",
      "3012",
      "3013",
      "3014",
      "4000",
      "4001",
      "4002",
      "4003",
      "4004",
      "4005",
      "5000",
      "5001",
      "5002",
      "5003",
      "5004",
      "9000",
      "9001",
      "9002",
    ];
    for (const code of named) expect(errorCodes).toContain(code);
  });

  it("maps every code to an HTTP error status", () => {
    for (const code of errorCodes) {
      expect(statusOf(code)).toBeGreaterThanOrEqual(400);
      expect(statusOf(code)).toBeLessThan(600);
      expect(errorCatalogue[code].description.length).toBeGreaterThan(5);
    }
  });

  it("names every code exactly once, and every name a catalogue code", () => {
    // At compile time too: a code left out of Errors makes this a type error under `npm run typecheck`.
    expectTypeOf<Exclude<ErrorCode, (typeof Errors)[keyof typeof Errors]>>().toEqualTypeOf<never>();
    const named = Object.values(Errors);
    for (const code of named) expect(isErrorCode(code), code).toBe(true);
    expect(new Set(named).size, "a code with two names").toBe(named.length);
    expect([...named].sort()).toEqual([...errorCodes].sort());
    for (const name of Object.keys(Errors)) expect(name).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    expect(Errors.PROFANITY_BLOCKED).toBe("3035");
  });

  it("tells codes from other strings", () => {
    expect(isErrorCode("1024")).toBe(true);
    expect(isErrorCode("1")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
  });
});
