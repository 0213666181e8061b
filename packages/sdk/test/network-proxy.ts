import { startTcpProxy } from "../../../scripts/tcp-proxy";

/**
 * A proxy in front of the test server that the test can cut, as a train's tunnel cuts a phone's network. It can also
 * drop the answer to one request after the server received it, by watching the request lines that pass through.
 */
export interface NetworkProxy {
  /** The proxy's address, to give the client as its `baseUrl`. */
  url: string;
  setOnline(online: boolean): void;
  /**
   * The next request whose request line matches `pattern` reaches the server, and its connection is cut as the
   * answer starts to come back. Resolves once that happened.
   */
  dropNextAnswer(pattern: RegExp): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<NetworkProxy> {
  let drop: { pattern: RegExp; done: () => void } | null = null;
  const proxy = await startTcpProxy(target, {
    connection({ cut }) {
      let doomed: (() => void) | null = null;
      return {
        fromClient(chunk) {
          const line = chunk.toString("latin1").split("\r\n", 1)[0] ?? "";
          if (drop?.pattern.test(line)) {
            doomed = drop.done;
            drop = null;
          }
        },
        fromTarget() {
          if (!doomed) return true;
          const done = doomed;
          doomed = null;
          cut();
          done();
          return false;
        },
      };
    },
  });
  return {
    url: proxy.url,
    setOnline: proxy.setOnline,
    dropNextAnswer(pattern) {
      return new Promise((resolve) => {
        drop = { pattern, done: resolve };
      });
    },
    close: proxy.close,
  };
}
