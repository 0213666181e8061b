import type { FastifyInstance } from "fastify";

/**
 * Fastify's JSON parser, except that an empty body is no body rather than an error. Many HTTP clients send
 * `content-type: application/json` on every request, so a POST to a route that takes no body (logout, an action
 * on a resource) must not fail for it; a route that takes a body still answers 301 for an empty one, because its
 * schema finds the body missing. Anything else is parsed as Fastify would, prototype-poisoning checks included.
 */
export function registerJsonParser(server: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = server.initialConfig;
  const parseJson = server.getDefaultJsonParser(onProtoPoisoning ?? "error", onConstructorPoisoning ?? "error");
  server.removeContentTypeParser("application/json");
  server.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
