import {
  INCIDENT_HISTORY_DAYS,
  STATUS_COMPONENTS,
  type TIncident,
  type TServiceStatus,
  type TStatusComponent,
} from "@parley/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Clock } from "../../clock";
import type { Database } from "../../db/client";
import type { Mailer } from "../../integrations/mail";

/** One question per component: does it work now? A check that throws or hangs counts as no. */
export type StatusChecks = Record<TStatusComponent, () => Promise<boolean>>;

const DAY_MS = 86_400_000;

/** One round of checks: when (on the process's own timer, and by the clock), and what was up. */
interface Round {
  at: number;
  checkedAt: Date;
  up: Record<TStatusComponent, boolean>;
}
/** Incidents kept at most, so a component flapping for months cannot grow the record without bound. */
const MAX_INCIDENTS = 100;

/**
 * The status page's facts: each component checked, and when one was found down, an incident from then until it was
 * found up again. Checks run every `intervalMs` whether anyone looks or not, so an outage between two visits is
 * still recorded; a visitor gets the last round unless it is older than `maxAgeMs`, so the page cannot be used to
 * hammer the database or the mail server. The record lives in this process: it starts with the process, and the
 * answer says since when.
 */
export function createStatusMonitor(options: {
  checks: StatusChecks;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  intervalMs?: number;
  maxAgeMs?: number;
  checkTimeoutMs?: number;
}) {
  const { checks, clock, log } = options;
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 5_000;
  const startedAt = clock.now();
  const incidents: { component: TStatusComponent; startedAt: Date; endedAt: Date | null }[] = [];
  let last: Round | null = null;
  let running: Promise<Round> | null = null;

  async function ask(component: TStatusComponent): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), checkTimeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([checks[component]().catch(() => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  function record(component: TStatusComponent, isUp: boolean, at: Date): void {
    const open = incidents.find((incident) => incident.component === component && incident.endedAt === null);
    if (!isUp && !open) {
      incidents.unshift({ component, startedAt: at, endedAt: null });
      incidents.splice(MAX_INCIDENTS);
      log.warn({ component }, "status check: component down");
    } else if (isUp && open) {
      open.endedAt = at;
      log.info({ component }, "status check: component up again");
    }
  }

  function checkAll(): Promise<Round> {
    running ??= (async () => {
      const results = await Promise.all(STATUS_COMPONENTS.map(ask));
      const checkedAt = clock.now();
      const up = Object.fromEntries(STATUS_COMPONENTS.map((id, i) => [id, results[i] === true])) as Record<
        TStatusComponent,
        boolean
      >;
      for (const id of STATUS_COMPONENTS) record(id, up[id], checkedAt);
      last = { at: performance.now(), checkedAt, up };
      return last;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void checkAll(), options.intervalMs ?? 60_000);
  timer.unref();

  return {
    /** The newest round of checks (made now if the last is too old) and the incidents of the last 90 days. */
    async current(): Promise<TServiceStatus> {
      const round = last && performance.now() - last.at < maxAgeMs ? last : await checkAll();
      const since = new Date(Math.max(startedAt.getTime(), round.checkedAt.getTime() - INCIDENT_HISTORY_DAYS * DAY_MS));
      const shown: TIncident[] = incidents
        .filter((incident) => incident.endedAt === null || incident.endedAt >= since)
        .map((incident) => ({
          component: incident.component,
          startedAt: incident.startedAt.toISOString(),
          endedAt: incident.endedAt?.toISOString() ?? null,
        }));
      return {
        status: STATUS_COMPONENTS.every((id) => round.up[id]) ? "operational" : "degraded",
        checkedAt: round.checkedAt.toISOString(),
        components: STATUS_COMPONENTS.map((id) => ({ id, status: round.up[id] ? ("up" as const) : ("down" as const) })),
        recordedSince: since.toISOString(),
        incidents: shown,
      };
    },

    /** Runs a round of checks now. */
    check: () => checkAll().then(() => undefined),

    close(): void {
      clearInterval(timer);
    },
  };
}

export type StatusMonitor = ReturnType<typeof createStatusMonitor>;

/** Jobs due this long ago and still not started mean no worker is taking them: webhooks and mail are late. */
const JOBS_OVERDUE_SECONDS = 300;

/** The checks of a running server. */
export function serverStatusChecks(deps: {
  database: Database;
  redis: Redis | null;
  mailer: Mailer;
  isBusReceiving: () => boolean;
}): StatusChecks {
  const { database, redis, mailer } = deps;
  const databaseUp = async () => (await database.query("select 1")).length === 1;
  // Several processes deliver each other's chat events through Redis; without it, a process delivers its own.
  const busUp = async () => (redis ? (await redis.ping()) === "PONG" && deps.isBusReceiving() : true);
  return {
    // This code answering is the API answering.
    api: async () => true,
    chat: async () => (await databaseUp()) && (await busUp()),
    database: databaseUp,
    jobs: async () => {
      const [row] = await database.query<{ overdue: number }>(
        `select count(*)::int as overdue from jobs
         where state in ('created', 'retry') and start_after < now() - make_interval(secs => $1)`,
        [JOBS_OVERDUE_SECONDS],
      );
      return row?.overdue === 0;
    },
    mail: () => mailer.check(),
  };
}
