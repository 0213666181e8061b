import { EventEmitter } from "node:events";
import type { TChatEvent } from "@parley/contract";

/** What crosses the bus: an event of one app's channel, already stored. */
export interface BusMessage {
  appId: string;
  event: TChatEvent;
}

/**
 * Real-time fan-out between server processes. The in-process bus serves a single process; with Redis every
 * process receives what any of them publishes.
 */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit("message", message);
    },
    subscribe(listener) {
      emitter.on("message", listener);
      return () => emitter.off("message", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
