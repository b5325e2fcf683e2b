import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** Whether the process is stopping: /readyz then answers 503, so a balancer sends new requests elsewhere. */
export interface Shutdown {
  draining: boolean;
}

export interface Drainable {
  /**
   * Stops the server without leaving a request it accepted unanswered: new connections are refused,
   * every answer from now on (those in flight included) ends its keep-alive connection, and idle
   * connections stay open until the grace time ends, since closing one races a client sending on it.
   * Resolves with the number of requests still running when the grace time ended (their connections cut).
   */
  drain(graceMs: number): Promise<number>;
  /** For a process that is going anyway (tests, npm start): idle connections at once, then what is running. */
  close(): Promise<void>;
}

export function drainable(server: Server, shutdown: Shutdown): Drainable {
  const running = new Set<ServerResponse>();
  // Before the app's own listener, so the header is set before any answer can be sent.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (shutdown.draining) res.setHeader('connection', 'close');
    running.add(res);
    res.once('close', () => running.delete(res));
  });
  const stopAccepting = () => {
    shutdown.draining = true;
    for (const res of running) if (!res.headersSent) res.setHeader('connection', 'close');
    // net's close, not http's: http's also closes idle keep-alive connections at once.
    return new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  };
  return {
    async drain(graceMs) {
      const closed = stopAccepting();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'over'>((resolve) => (timer = setTimeout(() => resolve('over'), graceMs)));
      const ended = await Promise.race([closed, graceOver]);
      clearTimeout(timer);
      if (ended !== 'over') return 0;
      server.closeIdleConnections();
      const cut = running.size;
      server.closeAllConnections();
      await closed;
      return cut;
    },
    async close() {
      const closed = stopAccepting();
      server.closeIdleConnections();
      await closed;
    },
  };
}
