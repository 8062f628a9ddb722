import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open connections the process takes at most (Node's `server.maxConnections`); more are closed on arrival. 0: no cap. */
  max: number;
  /** Open connections one client address may hold at most; more are closed on arrival. 0: no cap. */
  perAddress: number;
}

/**
 * Caps the connections the server holds, so idle sockets cannot use up the process's file descriptors
 * (about 21,000 idle connections from one client refused everyone else for a minute): the
 * process as a whole (MAX_CONNECTIONS, kept under `ulimit -n`), and each client address
 * (MAX_CONNECTIONS_PER_ADDRESS), whose connections over the cap are closed at once while other
 * clients are still answered. Behind a reverse proxy every connection comes from the proxy, so the
 * per-address cap is off by default there (config.ts) and the proxy limits each client
 * (docs/operations.md). Each process of a cluster counts its own.
 */
export function limitConnections(server: Server, limits: ConnectionLimits) {
  if (limits.max > 0) server.maxConnections = limits.max;
  if (limits.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
