/**
 * The chat API (`/v1`): what an app's own servers (with an API key) and its end users (with a session token)
 * call. Every schema in these files is part of the public API; change it only by adding. Its parts, each importing
 * only those listed before it: the shared pieces, users, messages, channels, stored events, WebSocket frames.
 */

export * from "./chat-bulk";
export * from "./chat-channels";
export * from "./chat-common";
export * from "./chat-events";
export * from "./chat-frames";
export * from "./chat-messages";
export * from "./chat-polls";
export * from "./chat-users";
