// The analysis worker's entry: a worker thread loads its entry before the loader hooks that `--import tsx` gives the
// server's own thread apply to it, so this plain module registers tsx itself and then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./analysis-worker.ts");
