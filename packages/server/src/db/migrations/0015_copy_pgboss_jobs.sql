-- Installations from before the job queue moved into `jobs` kept their queue in pg-boss's schema: its unfinished
-- jobs (queued mail, webhook attempts, pushes) move over so an upgrade loses none. A job that was running is queued
-- again, since the process that ran it is gone. Databases that never had pg-boss have no `pgboss.job` and skip this.
-- pg-boss's own bookkeeping queues (`__pgboss__...`) are left behind; the schema itself stays for the operator to drop.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    EXECUTE $copy$
      INSERT INTO jobs (id, name, data, state, retry_limit, retry_count, expire_seconds, start_after, singleton_key,
                        created_on)
      SELECT id, name, coalesce(data, '{}'::jsonb),
             CASE WHEN state::text = 'created' THEN 'created' ELSE 'retry' END,
             retry_limit, retry_count, expire_seconds,
             CASE WHEN state::text = 'active' THEN now() ELSE start_after END,
             singleton_key, created_on
      FROM pgboss.job
      WHERE state::text IN ('created', 'retry', 'active') AND name NOT LIKE '\_\_pgboss\_\_%'
      ON CONFLICT DO NOTHING
    $copy$;
  END IF;
END
$$;
