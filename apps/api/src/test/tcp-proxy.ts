/**
 * A TCP proxy for outage tests: forwards a local port to a real service (PostgreSQL, Redis) and
 * can be cut (`down()`: stops listening and drops every open connection, as a crashed or
 * unreachable server looks to a client), made silent (`hang()`: drops the open connections and
 * accepts new ones without a word, as a hung server looks) and restored (`up()`).
 */
import net from 'node:net';

export interface TcpProxy {
  /** The local port clients connect to (stays the same across down/up). */
  port: number;
  /** Stops accepting and destroys every forwarded connection. */
  down(): Promise<void>;
  /**
   * Drops every forwarded connection and keeps accepting new ones, but forwards nothing on them
   * and never answers: a server that is up but hung.
   */
  hang(): Promise<void>;
  /** Accepts and forwards connections again on the same port. */
  up(): Promise<void>;
  /** `down()`, for cleanup. */
  close(): Promise<void>;
}

/** A port nothing listens on now (taken from the system, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts a proxy from 127.0.0.1:<random port> to `target` (host and port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let silent = false;

  const listen = async () => {
    const s = net.createServer((client) => {
      if (silent) {
        sockets.add(client);
        client.on('error', () => client.destroy()).on('close', () => sockets.delete(client));
        return;
      }
      const upstream = net.connect(target.port, target.host);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };

  const down = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    down,
    hang: async () => {
      silent = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) await listen();
    },
    up: async () => {
      silent = false;
      if (!server) await listen();
    },
    close: down,
  };
}
