import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import fastifyWebsocket from "@fastify/websocket";
import { WS_FRAME_MAX_BYTES } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { chatApiDocument } from "./openapi";

/** What the chat API under `/v1` runs on: its OpenAPI document, WebSockets and uploads. */
export async function registerChatApiPlugins(v1: FastifyInstance, config: Config): Promise<void> {
  await v1.register(fastifySwagger, chatApiDocument(config));
  await v1.register(fastifyWebsocket, {
    // No compression: the gateway frames a channel's event once for all of its sockets (gateway/text-frame.ts).
    options: { maxPayload: WS_FRAME_MAX_BYTES, perMessageDeflate: false },
    // Every socket, authenticated or not, hears why it closes: 1001, so clients reconnect to another process.
    preClose(this: FastifyInstance, done) {
      for (const client of this.websocketServer.clients) client.close(1001, "server shutting down");
      this.websocketServer.close(() => done());
    },
  });
  await v1.register(fastifyMultipart, { throwFileSizeLimit: false });
}
