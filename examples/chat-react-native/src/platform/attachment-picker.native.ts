import type { PickAttachment } from "./attachment-picker-types";

/**
 * None: choosing a file on a phone takes a native module (a document or image picker), which a sample shared as
 * JavaScript cannot bring. Without a picker the kit shows no attach button; README.md shows how an app plugs one in.
 */
export const pickAttachment: PickAttachment | undefined = undefined;
