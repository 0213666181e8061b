import {
  Errors,
  errorCatalogue,
  REQUEST_ID_MAX,
  type TAckFrame,
  type TClientFrame,
  type TMessageSendFrame,
  type TServerFrame,
  zMessageSendFrame,
} from "@parley/contract";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../errors";
import { type FieldIssue, validate, validationFailure } from "../http/validation";
import type { AppService } from "../modules/apps";
import type { ChatUserService } from "../modules/chat-users";
import type { MessageService } from "../modules/messages";

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
 * A parsed client frame of type `message.send`, checked once against the contract's schema as the send route checks
 * its body (the same unstorable-text rule, the same 300 and 301); a malformed one becomes its refusal. Null when the
 * frame has no `requestId` to answer: the gateway then refuses it as any frame it does not understand.
 */
export function readMessageSend(data: unknown): TMessageSendFrame | RefusedFrame | null {
  const checked = validate(zMessageSendFrame, data);
  if ("value" in checked) return checked.value;
  const requestId = requestIdOf(data);
  if (requestId === null) return null;
  return { type: "refused", ack: refusalAck(requestId, validationFailure(checked.error.issues.map(asRouteIssue))) };
}

/** What a socket's send reads: the caller's session as the chat API reads it, its app's access, and the pipeline. */
export interface MessageSendDeps {
  apps: Pick<AppService, "requireChatAccess">;
  chatUsers: Pick<ChatUserService, "authenticateSession">;
  messages: Pick<MessageService, "sendRequested">;
  log: FastifyBaseLogger;
}

/**
 * Sends the message of a `message.send` frame as the send route would, for the session the socket signed in with,
 * and answers the ack; it never throws. The session is read again for each frame, through the same cache every chat
 * API request reads it from, so a user renamed, deactivated or with their app's service stopped since the socket
 * opened is answered as the route would answer them.
 */
export function createMessageSend(deps: MessageSendDeps) {
  return async function sendOverSocket(sessionToken: string, frame: TMessageSendFrame): Promise<TAckFrame> {
    try {
      const principal = await deps.chatUsers.authenticateSession(sessionToken);
      if (!principal) throw new AppError(Errors.CHAT_AUTH_REQUIRED);
      await deps.apps.requireChatAccess(principal.app);
      const actor = { kind: "user" as const, app: principal.app, user: principal.user };
      const message = await deps.messages.sendRequested(actor, frame.channelId, frame.body);
      return { type: "ack", requestId: frame.requestId, message };
    } catch (err) {
      if (err instanceof AppError) {
        if (err.status >= 500) deps.log.error({ err }, "a send over the socket failed");
        return refusalAck(frame.requestId, err);
      }
      // As the HTTP error handler does: a fault is logged, and its answer carries nothing of it.
      deps.log.error({ err }, "unexpected fault in a send over the socket");
      return refusalAck(
        frame.requestId,
        new AppError(Errors.UNEXPECTED, undefined, errorCatalogue[Errors.UNEXPECTED].description),
      );
    }
  };
}
