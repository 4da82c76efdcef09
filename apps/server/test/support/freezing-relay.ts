/**
 * A TCP relay on loopback in front of a test app that can freeze: it stops passing bytes either
 * way but keeps both connections open, as a network does when a laptop lid closes or a phone
 * leaves coverage (no FIN, no RST: the server hears nothing at all).
 */
import net from 'node:net';

export interface FreezingRelay {
  /** http://127.0.0.1:port of the relay. */
  baseUrl: string;
  /** From now on nothing passes; the connections stay open. */
  freeze(): void;
  /**
   * Freezes once the client has sent nothing for `quietMs`: what the client wrote before has
   * reached the server, where freeze() at once could catch its last bytes in transit.
   */
  freezeWhenQuiet(quietMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFreezingRelay(target: URL): Promise<FreezingRelay> {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  let lastFromClient = performance.now();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!frozen) to.write(chunk);
      });
    client.on('data', () => (lastFromClient = performance.now()));
    pass(client, upstream);
    pass(upstream, client);
    // While frozen a close is not passed on either: the other side must find out by itself.
    client.on('end', () => (frozen ? undefined : upstream.end()));
    upstream.on('end', () => (frozen ? undefined : client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
    },
    freezeWhenQuiet: async (quietMs) => {
      while (performance.now() - lastFromClient < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
