/**
 * The sample's own kind of custom message: `/me waves` is sent as `type: "custom"` with this `customType` and shown
 * as an action ("Kim waves"). Apps pick their own custom types; clients render those they know.
 */
export const EMOTE_TYPE = "emote";
