/**
 * Node's flags for a server process, on the command line of every way it is started (`npm start`, the server
 * package's own start, the benchmarks' server processes; a test checks the scripts).
 *
 * `--max-semi-space-size=32` (MB): a chat send allocates many short-lived objects (the request, its promises, the
 * query and its answer) and V8's default young generation filled and was collected so often that scavenges took
 * about a tenth of the server's time in the many-senders benchmark; with a larger one the same sends cost
 * measurably less (`docs/benchmarks.md`). It is a ceiling, not an allocation: the young generation grows to it only
 * under such a load.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"] as const;
