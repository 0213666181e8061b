import { API_PREFIX } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import type { Bus } from "../chat/bus";

/**
 * When this process must forget the dashboard and chat sessions it cached, so that no later request of it admits
 * what a change took away: sessions ended on any process (logout, deactivation, password change), and any change
 * made through the dashboard API (an admin's action on a company, account settings, deleting an account with its
 * apps), which may change what a session admits.
 */
export function registerSessionForgetting(
  server: FastifyInstance,
  bus: Bus,
  caches: { forgetCachedSessions(): void }[],
): void {
  const forget = () => {
    for (const cache of caches) cache.forgetCachedSessions();
  };
  bus.subscribe((message) => {
    if ("sessionsEnded" in message) forget();
  });
  server.addHook("onResponse", (request, reply, done) => {
    if (request.method !== "GET" && reply.statusCode < 400 && request.url.startsWith(`${API_PREFIX}/`)) forget();
    done();
  });
}
