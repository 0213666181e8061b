import {
  Errors,
  errorCatalogue,
  REQUEST_ID_MAX,
  type TAckFrame,
  type TClientFrame,
  type TDeliveredFrame,
  type TMessageSendFrame,
  type TServerFrame,
  zDeliveredFrame,
  zMessageSendFrame,
} from "@parley/contract";
import type { FastifyBaseLogger } from "fastify";
import type { ZodType } from "zod";
import { AppError } from "../errors";
import { type FieldIssue, validate, validationFailure } from "../http/validation";
import type { AppService } from "../modules/apps";
import type { Actor, ChannelService } from "../modules/channels";
import type { ChatUserService } from "../modules/chat-users";
import type { MessageService, SendTurn } from "../modules/messages";

/** A malformed frame that asked for an ack: the ack of its refusal, which answers it and leaves the socket open. */
export interface RefusedFrame {
  type: "refused";
  ack: TAckFrame;
}

/** The ack of a refusal, with the code, message and data the HTTP error envelope would carry. */
export function refusalAck(requestId: string, err: AppError): TAckFrame {
  return {
    type: "ack",
    requestId,
    error: { code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}) },
  };
}

/** The error frame answering a refused frame that carries no `requestId`: the code and data HTTP would answer. */
export function refusedFrame(err: AppError, frame: TClientFrame["type"]): TServerFrame {
  return { type: "error", code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}), frame };
}

/** The error frame that refuses a client's frame of type `frame`, the socket staying open. */
export function errorFrame(code: string, message: string, frame: TClientFrame["type"]): TServerFrame {
  return { type: "error", code, message, frame };
}

/**
 * What answers a `delivered` frame: with a `requestId`, an ack carrying the mark or the refusal; without one, only a
 * refusal, as an error frame.
 */
export function deliveredAnswer(frame: TDeliveredFrame, result: number | AppError): TServerFrame | null {
  if (frame.requestId === undefined) return result instanceof AppError ? refusedFrame(result, "delivered") : null;
  if (result instanceof AppError) return refusalAck(frame.requestId, result);
  return { type: "ack", requestId: frame.requestId, lastDeliveredSeq: result };
}

/** The `requestId` of a frame that gave one the contract allows, or null: only such a frame is answered by an ack. */
export function requestIdOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const id = (data as { requestId?: unknown }).requestId;
  return typeof id === "string" && id.length > 0 && id.length <= REQUEST_ID_MAX ? id : null;
}

/**
 * The frame's fields where the send route names them: `body.text` is the route's `text`, so a client (and a form
 * that puts a field's key on the field) reads one failure alike from either way of sending.
 */
function asRouteIssue(issue: FieldIssue): FieldIssue {
  if (issue.path === "body") return { ...issue, path: "" };
  return issue.path.startsWith("body.") ? { ...issue, path: issue.path.slice("body.".length) } : issue;
}

/**
 * A parsed frame checked once against its own schema, as a route checks its body (the same 300 and 301, naming the
 * same fields through `asIssue`); a malformed one becomes its refusal. Null when the frame has no `requestId` to
 * answer: the gateway then refuses it as any frame it does not understand.
 */
function readAckedFrame<T>(
  schema: ZodType<T>,
  data: unknown,
  asIssue: (issue: FieldIssue) => FieldIssue = (issue) => issue,
): T | RefusedFrame | null {
  const checked = validate(schema, data);
  if ("value" in checked) return checked.value;
  const requestId = requestIdOf(data);
  if (requestId === null) return null;
  return { type: "refused", ack: refusalAck(requestId, validationFailure(checked.error.issues.map(asIssue))) };
}

/** A `message.send` frame, its fields named in a refusal as the send route names them (the unstorable-text rule too). */
export const readMessageSend = (data: unknown): TMessageSendFrame | RefusedFrame | null =>
  readAckedFrame(zMessageSendFrame, data, asRouteIssue);

/** A `delivered` frame; a refusal names `seq` as the delivered route does. */
export const readDelivered = (data: unknown): TDeliveredFrame | RefusedFrame | null =>
  readAckedFrame(zDeliveredFrame, data);

/** What a socket's user frames read: the caller's session as the chat API reads it, its app's access, the services. */
export interface MessageSendDeps {
  apps: Pick<AppService, "requireChatAccess">;
  chatUsers: Pick<ChatUserService, "authenticateSession">;
  messages: Pick<MessageService, "sendRequested">;
  channels: Pick<ChannelService, "markDelivered">;
  log: FastifyBaseLogger;
}

/**
 * The frames an end user's socket asks the chat API's services for, each run as its route would run it, for the
 * session the socket signed in with; they never throw. The session is read again for each frame, through the same
 * cache every chat API request reads it from, so a user renamed, deactivated or with their app's service stopped
 * since the socket opened is answered as the route would answer them.
 */
export function createMessageSend(deps: MessageSendDeps) {
  async function asUser<T>(
    sessionToken: string,
    what: string,
    run: (actor: Actor & { kind: "user" }) => Promise<T>,
  ): Promise<T | AppError> {
    try {
      const principal = await deps.chatUsers.authenticateSession(sessionToken);
      if (!principal) throw new AppError(Errors.CHAT_AUTH_REQUIRED);
      await deps.apps.requireChatAccess(principal.app);
      return await run({ kind: "user", app: principal.app, user: principal.user });
    } catch (err) {
      if (err instanceof AppError) {
        if (err.status >= 500) deps.log.error({ err }, `${what} over the socket failed`);
        return err;
      }
      // As the HTTP error handler does: a fault is logged, and its answer carries nothing of it.
      deps.log.error({ err }, `unexpected fault in ${what} over the socket`);
      return new AppError(Errors.UNEXPECTED, undefined, errorCatalogue[Errors.UNEXPECTED].description);
    }
  }

  return {
    /** Sends the message of a `message.send` frame as the send route would, and answers the ack. */
    async send(sessionToken: string, frame: TMessageSendFrame, turn?: SendTurn): Promise<TAckFrame> {
      const result = await asUser(sessionToken, "a send", (actor) =>
        deps.messages.sendRequested(actor, frame.channelId, frame.body, turn),
      );
      if (result instanceof AppError) return refusalAck(frame.requestId, result);
      return { type: "ack", requestId: frame.requestId, message: result };
    },

    /** Moves the delivered mark of a `delivered` frame as the delivered route would; the mark, or the refusal. */
    async delivered(sessionToken: string, frame: TDeliveredFrame): Promise<number | AppError> {
      return asUser(sessionToken, "a delivered mark", (actor) =>
        deps.channels.markDelivered(actor, frame.channelId, frame.seq),
      );
    },
  };
}
