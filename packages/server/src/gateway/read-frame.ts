import { Errors, type TClientFrame, zClientFrame } from "@parley/contract";
import { AppError } from "../errors";
import {
  type RefusedFrame,
  readDelivered,
  readMessageSend,
  refusalAck,
  refusedFrame,
  requestIdOf,
} from "./message-send";

/**
 * A client frame; the refusal of a malformed one that asked for an ack, which answers it and leaves the socket open;
 * or why it is not one, which closes the socket.
 */
export function parseFrame(raw: Buffer): TClientFrame | RefusedFrame | string {
  let data: unknown;
  try {
    data = JSON.parse(raw.toString("utf8"));
  } catch {
    return "frames are JSON";
  }
  // A send or a delivered mark is checked against its own schema alone, once, so that its refusal names the fields
  // its route does.
  const type = (data as { type?: unknown } | null)?.type;
  if (type === "message.send") return readMessageSend(data) ?? "unknown frame";
  if (type === "delivered") return readDelivered(data) ?? "unknown frame";
  const parsed = zClientFrame.safeParse(data);
  if (parsed.success) return parsed.data;
  const requestId = requestIdOf(data);
  if (requestId === null) return "unknown frame";
  return {
    type: "refused",
    ack: refusalAck(requestId, new AppError(Errors.INVALID_REQUEST, undefined, "unknown frame")),
  };
}

/** The `requestId` of a frame that asked for an ack, or null: read only for the frame that tips a socket into flood. */
export function requestIdIn(raw: Buffer): string | null {
  try {
    return requestIdOf(JSON.parse(raw.toString("utf8")));
  } catch {
    return null;
  }
}

/** The ack of a frame the rate limit refused, as the HTTP route's 005 says it: with the seconds to wait. */
export const rateLimitedAck = (requestId: string, retryAfterSeconds: number) =>
  refusalAck(requestId, new AppError(Errors.RATE_LIMITED, { retryAfterSeconds }));

/** The refusal of a frame without an ack that the user's budget had no room for; the socket stays open. */
export const rateLimitedFrame = (frame: TClientFrame["type"], retryAfterSeconds: number) =>
  refusedFrame(new AppError(Errors.RATE_LIMITED, { retryAfterSeconds }), frame);

/** The `requestId` a parsed frame is to be acknowledged under, or null for a frame answered otherwise. */
export function ackIdOf(frame: TClientFrame | RefusedFrame): string | null {
  if (frame.type === "message.send") return frame.requestId;
  if (frame.type === "delivered") return frame.requestId ?? null;
  return frame.type === "refused" ? frame.ack.requestId : null;
}
