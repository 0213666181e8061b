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

  it("sees a row inserted, changed or deleted in a table as a change, and an update that leaves a row as it was as none", async () => {
    const { t, changeCounts } = sweep();
    const query = (sql: string) => t.ctx.database.query(sql);
    const start = await changeCounts();
    await query("update accounts set name = name");
    expect(await changeCounts()).toEqual(start);

    await query(`insert into accounts (email, password_hash, name, contact, company_name, language, payment_currency,
        password_changed_at, created_at)
      values ('counted@example.com', 'x', 'Counted', '010', 'Co', 'en', 'USD', now(), now())`);
    const inserted = await changeCounts();
    expect(inserted.accounts).not.toBe(start.accounts);
    await query("update accounts set name = 'Renamed' where email = 'counted@example.com'");
    const changed = await changeCounts();
    expect(changed.accounts).not.toBe(inserted.accounts);
    await query("delete from accounts where email = 'counted@example.com'");
    const deleted = await changeCounts();
    expect(deleted.accounts).not.toBe(changed.accounts);
    expect(Object.keys(deleted).filter((name) => deleted[name] !== start[name])).toEqual(["accounts"]);
  });
});
