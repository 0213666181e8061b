import { describeSweep } from "./hostile-sweep";

/**
 * Every dashboard API route of an app's channels, push and bulk notices (/api/apps/:id/channels|push|notice/…), sent
 * generated input derived from its contract schemas: values on and past each boundary, of the wrong type, nasty
 * strings, unknown keys, malformed bodies, made-up ids and credentials. However hostile the input, the server answers
 * without a 5xx, every refusal carries a catalogue code with its catalogue status and every field problem a VALIDATION
 * key, and a refused request changes nothing in the database. The sweep's other parts are the other
 * test/http/hostile-input-*.test.ts files.
 */

describeSweep("app-messaging", "hostile input on the dashboard API of an app's channels, push and bulk notices");
