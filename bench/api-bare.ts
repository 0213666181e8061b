/**
 * The baseline of the API benchmark: a bare Fastify server with one JSON route, started by `bench/api.ts` the way
 * the real server is (its own process, `node --import tsx`, logs at warn). The route answers `BARE_BODY`, the body
 * the real `GET /api/apps/:id` answered, so both send the same bytes; what remains between the two is the work of
 * the real route (session lookup, app access check, serialization through the response schema).
 */
import Fastify from "fastify";

const body: unknown = JSON.parse(process.env.BARE_BODY ?? "{}");
const server = Fastify({ logger: { level: "warn" } });
server.get("/api/apps/:id", async () => body);
await server.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });

process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
