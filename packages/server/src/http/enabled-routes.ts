import { zAppIdParams } from "@parley/contract";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Authenticated } from "../modules/auth";
import { authOf } from "./authenticate";

/** A plugin's instance once it has taken the zod type provider, as every routes file does first. */
type ZodFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature's switch as the dashboard reads and writes it. */
type Enabled = { enabled: boolean };

export interface EnabledRoutesOptions {
  /** The switch's path from the contract, under `/apps/:id/...`, e.g. `api.apps.pushEnabled`. */
  path: string;
  /** The feature's `{ enabled }` schema from the contract: the PUT's body and both answers. */
  schema: z.ZodType<Enabled>;
  /** The switch's state; the feature's service checks that the caller may see the app. */
  read: (auth: Authenticated, appId: string) => Promise<Enabled>;
  /** Turns the feature on or off and answers the state saved, which a service may refuse (translation without a key). */
  write: (auth: Authenticated, appId: string, enabled: boolean) => Promise<Enabled>;
}

/**
 * Registers a feature's `GET` and `PUT .../enabled` pair. It registers on the plugin that owns the feature, so the
 * pair keeps that plugin's sign-in hook, and the PUT is audited like any other change under `/api`.
 */
export function registerEnabledRoutes(app: ZodFastify, { path, schema, read, write }: EnabledRoutesOptions): void {
  app.get(path, { schema: { params: zAppIdParams, response: { 200: schema } } }, async (request) =>
    read(authOf(request), request.params.id),
  );
  app.put(path, { schema: { params: zAppIdParams, body: schema, response: { 200: schema } } }, async (request) =>
    write(authOf(request), request.params.id, request.body.enabled),
  );
}
