import type { MessageKey } from "./en";

/** A string, or one per plural form picked by the `count` it is given. */
export type Entry = string | { one: string; other: string };
/** Every string of the kit in one language. */
export type Dictionary = { [K in MessageKey]: Entry };
