import net from "node:net";

/**
 * A TCP proxy in front of the test server that the test can cut, as a train's tunnel cuts a phone's network: while
 * offline every open connection is dropped and new ones are closed at once. It can also drop the answer to one
 * request after the server received it, by watching the request lines that pass through.
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
  const { hostname, port } = new URL(target);
  let online = true;
  const open = new Set<net.Socket>();
  let drop: { pattern: RegExp; done: () => void } | null = null;

  const server = net.createServer((client) => {
    if (!online) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    open.add(client);
    open.add(upstream);
    let doomed: (() => void) | null = null;
    client.on("data", (chunk: Buffer) => {
      const line = chunk.toString("latin1").split("\r\n", 1)[0] ?? "";
      if (drop?.pattern.test(line)) {
        doomed = drop.done;
        drop = null;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (doomed) {
        const done = doomed;
        doomed = null;
        client.destroy();
        upstream.destroy();
        done();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    setOnline(next) {
      online = next;
      if (!next) for (const socket of open) socket.destroy();
    },
    dropNextAnswer(pattern) {
      return new Promise((resolve) => {
        drop = { pattern, done: resolve };
      });
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
