/**
 * Graceful shutdown (docs/architecture.md, Graceful shutdown): on SIGTERM or SIGINT stop taking requests, let
 * in-flight ones finish, then close consumers (committing offsets), workers, relays and
 * connections, all within 10 s; past that the process exits anyway.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

type Closer = () => Promise<unknown>;

/**
 * Response header a server sends while it shuts down (value `1`): a gateway that spreads requests
 * over replicas leaves this one out of its rotation at once (gateway/src/upstreams.ts), so no
 * request is on its way to it when it stops listening; connections a stopping server had not yet
 * accepted are reset by the kernel, and the gateway cannot tell such a request from one the
 * replica acted on. The gateway removes the header from what it passes on.
 */
export const DRAINING_HEADER = 'x-replica-draining';

/**
 * Makes `res` the last response on its connection: `Connection: close`, even over a header a
 * handler set (a proxy copies the upstream's `Connection: keep-alive`), so the client opens a new
 * connection for its next request instead of reusing this one; and says the server is going away
 * ({@link DRAINING_HEADER}). No-op once the headers are out.
 */
function lastOnConnection(res: ServerResponse): void {
  if (res.headersSent) return;
  res.shouldKeepAlive = false;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    // Headers passed to writeHead itself win over setHeader: drop a `connection` among them.
    const last = args[args.length - 1];
    if (last && typeof last === 'object' && !Array.isArray(last))
      for (const k of Object.keys(last)) if (k.toLowerCase() === 'connection') delete (last as Record<string, unknown>)[k];
    res.setHeader('Connection', 'close');
    res.setHeader(DRAINING_HEADER, '1');
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

export class GracefulShutdown {
  private readonly closers: { name: string; close: Closer }[] = [];
  private running: Promise<void> | null = null;

  /** @param timeoutMs - hard limit for the whole shutdown, in ms */
  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Registers a resource to close. Closers run in reverse order of registration. */
  add(name: string, close: Closer): void {
    this.closers.push({ name, close });
  }

  /**
   * Registers an HTTP server: in-flight requests complete, then it stops accepting.
   *
   * `server.close()` alone waits for every keep-alive connection to go idle, which never happens
   * while a client (the gateway's agent, a browser) keeps sending on it: under load the shutdown
   * then ran into its time limit and the exit cut requests off. So, once closing, every response
   * (those in hand included) asks the client to close its connection; for `graceMs` the server
   * still takes requests, so those already on their way are answered rather than refused (as a
   * load balancer's de-registration delay would) while telling the gateway to send no more
   * ({@link DRAINING_HEADER}); then it stops listening, closes idle
   * connections, and again each second for those a client left idle. (Closing idle connections
   * in a tight loop instead reset requests a client was just sending on them.)
   */
  addServer(server: Server, graceMs = 500): void {
    let closing = false;
    const inHand = new Set<ServerResponse>();
    server.on('request', (_req, res: ServerResponse) => {
      if (closing) {
        lastOnConnection(res);
        return;
      }
      inHand.add(res);
      res.once('close', () => inHand.delete(res));
    });
    this.add('http server', async () => {
      closing = true;
      for (const res of inHand) lastOnConnection(res);
      await new Promise((resolve) => setTimeout(resolve, graceMs));
      await new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 1_000);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
      });
    });
  }

  /** Installs the SIGTERM and SIGINT handlers; exits with 0 after a clean shutdown. */
  install(): void {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        this.logger.info({ signal }, 'shutting down');
        void this.run().then(() => process.exit(0));
      });
    }
  }

  /** Closes everything (once); resolves when done or when the time limit passes. */
  run(): Promise<void> {
    this.running ??= this.closeAll();
    return this.running;
  }

  private async closeAll(): Promise<void> {
    const deadline = new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        this.logger.error({ timeoutMs: this.timeoutMs }, 'shutdown timed out');
        resolve();
      }, this.timeoutMs);
      t.unref();
    });
    const closeInOrder = async () => {
      for (const { name, close } of [...this.closers].reverse()) {
        try {
          await close();
        } catch (err) {
          this.logger.error({ err, resource: name }, 'error while closing');
        }
      }
    };
    await Promise.race([closeInOrder(), deadline]);
  }
}
