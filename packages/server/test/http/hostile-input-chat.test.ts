import { describeSweep } from "./hostile-sweep";

/**
 * Every route of the chat API (/v1/…), sent generated input derived from its contract schemas: values on and past each
 * boundary, of the wrong type, nasty strings, unknown keys, malformed bodies, made-up ids and credentials. However
 * hostile the input, the server answers without a 5xx, every refusal carries a catalogue code with its catalogue status
 * and every field problem a VALIDATION key, and a refused request changes nothing in the database. The sweep's other
 * parts are the other test/http/hostile-input-*.test.ts files.
 */

describeSweep("chat", "hostile input on the chat API");
