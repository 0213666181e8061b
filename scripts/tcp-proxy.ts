/**
 * A TCP proxy on a loopback port, for tests that cut a network: between a client and the server (a train's tunnel,
 * an answer lost after the server acted) or between a server and Redis (Redis coming back is starting the proxy).
 * While offline, every open connection is dropped and new ones are closed at once. What a test watches or holds back
 * of the traffic is its own: `connection` is called once per accepted connection and answers that connection's hooks,
 * so their state is the connection's.
 */
import net from "node:net";

export interface ProxiedConnection {
  /** Closes both ends of this connection. */
  cut(): void;
}

export interface ConnectionHooks {
  /** Sees each chunk the client sends, before it is passed on. */
  fromClient?(chunk: Buffer): void;
  /** Sees each chunk the target answers; `false` holds it back. */
  fromTarget?(chunk: Buffer): boolean;
}

export interface TcpProxy {
  port: number;
  /** `http://127.0.0.1:<port>`, to give a client as its base URL. */
  url: string;
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  target: string,
  options: { port?: number; connection?: (connection: ProxiedConnection) => ConnectionHooks } = {},
): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  let online = true;
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    if (!online) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    // A test that cuts "as the answer comes back" needs each write to leave at once, not wait for Nagle.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    open.add(client);
    open.add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    const hooks = options.connection?.({ cut }) ?? {};
    client.on("data", (chunk: Buffer) => {
      hooks.fromClient?.(chunk);
      if (!upstream.destroyed) upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (hooks.fromTarget?.(chunk) === false || client.destroyed) return;
      client.write(chunk);
    });
    for (const socket of [client, upstream]) socket.on("close", cut).on("error", cut);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;

  return {
    port: address.port,
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
