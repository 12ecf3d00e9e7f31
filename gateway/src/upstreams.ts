/**
 * Replicas behind one upstream (issue 34 item 5; README, Operations: replicas and failover): a
 * service's `<SERVICE>_URL` may list several base URLs (`http://127.0.0.1:8074,http://127.0.0.1:8174`);
 * the gateway spreads requests over them round robin and keeps out, for {@link DOWN_MS}, one that
 * refused a connection (passive health: a replica that stopped listening during a rolling
 * restart, or died) or answered that it is shutting down (platform's `DRAINING_HEADER`: then
 * nothing is on its way to it when it stops listening, which would reset requests it never read). A request whose connection was refused never reached the replica, so it is
 * sent again to the next one whatever its method; a request that lost its connection after it
 * was sent (reset, hang-up) is sent again only when its method is idempotent, since the replica
 * may have acted on it. A request body is replayable when it was read whole before proxying
 * ({@link REPLAY_BODY_LIMIT}); a longer or chunked body streams through once, without a retry.
 *
 * With one URL (Kubernetes, where the Service spreads connections over the pods, and compose)
 * nothing changes: no body is buffered and no retry is made.
 */
import type { IncomingMessage } from 'node:http';

/** How long a replica that refused a connection is left out of the rotation, ms. */
export const DOWN_MS = 2_000;

/** Largest request body (bytes, from Content-Length) read whole so it can be sent to another replica. */
export const REPLAY_BODY_LIMIT = 1_048_576;

/** Methods the gateway may send twice (RFC 9110, section 9.2.2: idempotent methods). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Connection errors that mean nothing reached the replica. */
const NOT_SENT = new Set(['ECONNREFUSED']);

/** Connection errors after which the replica may or may not have acted on the request. */
const LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);

/**
 * Splits an upstream setting into its base URLs (comma-separated, blanks dropped).
 * @throws {Error} naming the first entry that is not an http(s) URL
 */
export function parseUpstreamList(value: string): string[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const u of list) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(u).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw new Error(`'${u}' is not an http(s) URL`);
  }
  return list;
}

/** The replicas of one service and where the rotation stands. */
export class UpstreamPool {
  private cursor = 0;
  private readonly downUntil = new Map<string, number>();

  /** @param targets - base URLs, at least one */
  constructor(readonly targets: readonly string[]) {
    if (targets.length === 0) throw new Error('an upstream needs at least one URL');
  }

  /** Whether the pool has more than one replica (then bodies are buffered for a retry). */
  get replicated(): boolean {
    return this.targets.length > 1;
  }

  /**
   * The next replica in the rotation, skipping those tried for this request and those down;
   * when every untried one is down, the next untried one anyway (it may be back).
   * @returns null when every replica has been tried for this request
   */
  pick(tried: ReadonlySet<string> = new Set(), now = Date.now()): string | null {
    const untried: string[] = [];
    for (let i = 0; i < this.targets.length; i++) {
      const t = this.targets[(this.cursor + i) % this.targets.length]!;
      if (!tried.has(t)) untried.push(t);
    }
    if (untried.length === 0) return null;
    const choice = untried.find((t) => (this.downUntil.get(t) ?? 0) <= now) ?? untried[0]!;
    this.cursor = (this.targets.indexOf(choice) + 1) % this.targets.length;
    return choice;
  }

  /** Leaves `target` out of the rotation for {@link DOWN_MS}. */
  markDown(target: string, now = Date.now()): void {
    this.downUntil.set(target, now + DOWN_MS);
  }
}

/**
 * Whether a request that failed with `err` before any answer went back may go to another replica.
 * @param bodyReplayable - the body was read whole (or there is none)
 */
export function mayRetry(err: NodeJS.ErrnoException, method: string, bodyReplayable: boolean): boolean {
  if (!bodyReplayable) return false;
  if (err.code && NOT_SENT.has(err.code)) return true;
  return Boolean(err.code && LOST.has(err.code) && IDEMPOTENT.has(method.toUpperCase()));
}

/** Whether `err` says the replica refused the connection (leave it out for a while). */
export function refused(err: NodeJS.ErrnoException): boolean {
  return Boolean(err.code && NOT_SENT.has(err.code));
}

/**
 * Whether the request has a body that can be read whole for a retry: none at all, or a
 * Content-Length of at most {@link REPLAY_BODY_LIMIT} (a chunked body's size is unknown).
 */
export function bodyIsReplayable(req: IncomingMessage): 'none' | 'buffer' | 'stream' {
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding']) return 'stream';
  if (length === undefined || Number(length) === 0) return 'none';
  return Number(length) <= REPLAY_BODY_LIMIT ? 'buffer' : 'stream';
}

/** Reads the whole request body (the caller checked its length). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
