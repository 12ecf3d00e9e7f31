/**
 * Graceful shutdown (DESIGN.md section 8): on SIGTERM or SIGINT stop taking requests, let
 * in-flight ones finish, then close consumers (committing offsets), workers, relays and
 * connections, all within 10 s; past that the process exits anyway.
 */
import type { Server } from 'node:http';
import type { Logger } from 'pino';

type Closer = () => Promise<unknown>;

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
   * Registers an HTTP server: it stops accepting first, and in-flight requests complete.
   *
   * `server.close()` alone waits for every keep-alive connection to go idle, which never happens
   * while a client (the gateway's agent, a browser) keeps sending on it: under load the shutdown
   * then ran into its time limit and the exit cut requests off. So, once closing, each response
   * asks the client to close the connection, and connections are closed as soon as they are idle.
   */
  addServer(server: Server): void {
    let closing = false;
    server.on('request', (_req, res: { shouldKeepAlive: boolean }) => {
      if (closing) res.shouldKeepAlive = false;
    });
    this.add(
      'http server',
      () =>
        new Promise<void>((resolve) => {
          closing = true;
          const sweep = setInterval(() => server.closeIdleConnections(), 100);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
        }),
    );
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
