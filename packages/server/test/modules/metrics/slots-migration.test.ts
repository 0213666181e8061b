import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "../../../src/db/client";
import { migrate } from "../../../src/db/migrate";

let database: Database;

beforeAll(async () => {
  database = await openPglite(undefined);
  await migrate(database);
});
afterAll(() => database?.close());

describe("migration 0017 (day counters in slots)", () => {
  it("keeps a day's counters written before it as slot 0, and adds other slots beside them", async () => {
    // Back to the table as it was before the migration, with a day of counters in it.
    await database.exec(`
      alter table daily_metrics drop constraint daily_metrics_app_id_day_slot_pk;
      alter table daily_metrics drop column slot;
      alter table daily_metrics add constraint daily_metrics_app_id_day_pk primary key (app_id, day);
      delete from schema_migrations where name = '0017_metrics_slots.sql';
      set session_replication_role = replica;
      insert into daily_metrics (app_id, day, message_count, message_sender_count, active_user_count)
      values ('00000000-0000-4000-8000-000000000001', '2026-05-01', 7, 3, 4);
      set session_replication_role = origin;
    `);

    expect(await migrate(database)).toEqual(["0017_metrics_slots.sql"]);

    expect(await database.query("select day::text, slot, message_count from daily_metrics")).toEqual([
      { day: "2026-05-01", slot: 0, message_count: 7 },
    ]);
    await database.exec(`
      set session_replication_role = replica;
      insert into daily_metrics (app_id, day, slot, message_count)
      values ('00000000-0000-4000-8000-000000000001', '2026-05-01', 5, 2);
      set session_replication_role = origin;
    `);
    const [day] = await database.query<{ total: number }>(
      "select sum(message_count)::int as total from daily_metrics where day = '2026-05-01'",
    );
    expect(day?.total).toBe(9);
  });
});
