import { z } from "zod";

/**
 * The parts of the service the public status page reports, named for what customers use rather than the software
 * behind them: the dashboard and REST API, real-time chat, stored data, background work (webhooks, push, bulk
 * messages) and outgoing mail.
 */
export const STATUS_COMPONENTS = ["api", "chat", "database", "jobs", "mail"] as const;
export const zStatusComponent = z.enum(STATUS_COMPONENTS);
export type TStatusComponent = z.infer<typeof zStatusComponent>;

/** How far back the status page lists incidents. */
export const INCIDENT_HISTORY_DAYS = 90;

/** A time a component was found down: `endedAt` is null while it still is. */
export const zIncident = z.object({
  component: zStatusComponent,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type TIncident = z.infer<typeof zIncident>;

/** `GET /api/status`: open to everyone, for the status page. */
export const zServiceStatus = z.object({
  /** `operational` when every component is up. */
  status: z.enum(["operational", "degraded"]),
  checkedAt: z.string(),
  components: z.array(z.object({ id: zStatusComponent, status: z.enum(["up", "down"]) })),
  /**
   * Since when incidents have been recorded (the answering server's start, at most INCIDENT_HISTORY_DAYS ago), so
   * the page claims no more history than it has.
   */
  recordedSince: z.string(),
  /** Newest first. */
  incidents: z.array(zIncident),
});
export type TServiceStatus = z.infer<typeof zServiceStatus>;
