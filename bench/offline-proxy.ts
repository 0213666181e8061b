import net from "node:net";

/**
 * A TCP proxy in front of a server that the benchmark can cut, as a tunnel cuts a phone's network: while cut, every
 * open connection is dropped and new ones are closed at once, so requests fail as they do with no network. The idea
 * of `packages/sdk/test/network-proxy.ts`, which a benchmark cannot import.
 */
export interface CuttableProxy {
  /** The proxy's address, to give the client as its `baseUrl`. */
  url: string;
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  let online = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!online) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    open.add(client);
    open.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on("close", end);
      socket.on("error", end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    setOnline(next) {
      online = next;
      if (!next) for (const socket of open) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
