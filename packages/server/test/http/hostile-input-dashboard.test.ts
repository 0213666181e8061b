import { expect, it } from "vitest";
import { describeSweep, groupOf, sweptRoutes } from "./hostile-sweep";

/**
 * Every route of the dashboard API outside an app (sign-up, sessions, account, billing, administration, the apps list),
 * sent generated input derived from its contract schemas: values on and past each boundary, of the wrong type, nasty
 * strings, unknown keys, malformed bodies, made-up ids and credentials. However hostile the input, the server answers
 * without a 5xx, every refusal carries a catalogue code with its catalogue status and every field problem a VALIDATION
 * key, and a refused request changes nothing in the database. The sweep's other parts are the other
 * test/http/hostile-input-*.test.ts files.
 */

describeSweep("dashboard", "hostile input on the dashboard API outside an app", (sweep) => {
  it("sweeps every dashboard and chat API route the server registers, each in one of the sweep's parts", () => {
    const routes = sweptRoutes(sweep().t);
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.some((r) => r.url.startsWith("/v1/"))).toBe(true);
    expect([...new Set(routes.map(groupOf))].sort()).toEqual(["app-messaging", "app-settings", "chat", "dashboard"]);
  });
});
