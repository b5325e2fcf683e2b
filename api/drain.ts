import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** Whether the process is stopping: /readyz then answers 503, so a balancer sends new requests elsewhere. */
export interface Shutdown {
  draining: boolean;
}

export interface DrainableServer {
  server: Server;
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

const answering = Symbol('answering');
/** A client's connection, with the answer it is waiting for (the latest, under pipelining). */
type Connection = Socket & { [answering]?: ServerResponse };

/**
 * An HTTP server for `listener` that can drain. Nothing is added per request to the busiest path of
 * the process but a flag read and a slot written on the connection: the connections (few, as
 * clients keep them alive) are what is tracked.
 */
export function drainableServer(listener: RequestListener, shutdown: Shutdown): DrainableServer {
  const connections = new Set<Connection>();
  const server = createServer((req, res) => {
    if (shutdown.draining) res.setHeader('connection', 'close');
    else (req.socket as Connection)[answering] = res;
    listener(req, res);
  });
  server.on('connection', (socket: Connection) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const stopAccepting = () => {
    shutdown.draining = true;
    for (const { [answering]: res } of connections) if (res && !res.headersSent) res.setHeader('connection', 'close');
    // net's close, not http's: http's also closes idle keep-alive connections at once.
    return new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  };
  return {
    server,
    async drain(graceMs) {
      const closed = stopAccepting();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'over'>((resolve) => (timer = setTimeout(() => resolve('over'), graceMs)));
      const ended = await Promise.race([closed, graceOver]);
      clearTimeout(timer);
      if (ended !== 'over') return 0;
      server.closeIdleConnections();
      // What closing the idle ones left open is a request still running.
      const cut = [...connections].filter((socket) => !socket.destroyed).length;
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
