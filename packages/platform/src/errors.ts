/**
 * Errors a request handler throws to answer a client (docs/architecture.md, Validation: bad input → 400
 * `{ error, fields }`, never a 500 for anything a client can send).
 *
 * The HTTP kit turns an `HttpError` into `{ error: message, fields? }` with its status, plus the
 * message's `code` and the fields' `fieldCodes` from the catalogue (issue 33 item 2, contracts'
 * messages.ts); any other
 * error becomes a 500 without internals.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Field name → message, for form errors shown inline. */
    readonly fields?: Record<string, string>,
    /** Extra headers for the answer, e.g. `Retry-After` on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 with an overall message and optional per-field messages. */
export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
/** 401: no valid session. */
export const unauthorized = (message = 'Please log in') => new HttpError(401, message);
/** 403: signed in, but this role may not do this. */
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
/** 404: absent, or someone else's (docs/architecture.md, Authorization: do not reveal it exists). */
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** 409: conflicts with the current state, e.g. a duplicate. */
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);

/** Seconds a client is told to wait (`Retry-After`) before retrying after a 503 for a dependency outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * 503 with `Retry-After` (issue 34 items 1-2; README, Operations): a server the service depends on
 * (Redis, the database, Kafka, OpenSearch) is not answering. Nothing was changed by the request
 * unless the answer says otherwise; a retry with the same Idempotency-Key is safe.
 */
export const serviceUnavailable = (
  message = 'The service is temporarily unavailable, please try again shortly',
  retryAfterSeconds = OUTAGE_RETRY_AFTER_SECONDS,
) => new HttpError(503, message, undefined, { 'Retry-After': String(retryAfterSeconds) });

/** Names of the client libraries' errors that say their server is down, unreachable or not answering in time. */
const OUTAGE_ERROR_NAMES: Record<string, string> = {
  // ioredis (a command that could not be sent or was not answered within commandTimeout)
  MaxRetriesPerRequestError: 'redis',
  // MongoDB driver
  MongoServerSelectionError: 'database',
  MongoNetworkError: 'database',
  MongoNetworkTimeoutError: 'database',
  MongoNotConnectedError: 'database',
  MongoPoolClearedError: 'database',
  MongoTopologyClosedError: 'database',
  // kafkajs
  KafkaJSConnectionError: 'kafka',
  KafkaJSRequestTimeoutError: 'kafka',
  KafkaJSNumberOfRetriesExceeded: 'kafka',
  KafkaJSBrokerNotFound: 'kafka',
  // @opensearch-project/opensearch
  ConnectionError: 'search',
  NoLivingConnectionsError: 'search',
  TimeoutError: 'search',
};

/** ioredis's messages for a command refused or abandoned because the connection is down. */
const REDIS_OUTAGE_MESSAGES = [
  /^Command timed out$/,
  /enableOfflineQueue options is false/,
  /^Connection is closed\.?$/,
  /^Reached the max retries per request limit/,
];

/**
 * Which dependency an error says is down, or null when it is an ordinary error: the client
 * libraries' connection and timeout errors (ioredis, the MongoDB driver and mongoose's buffering
 * timeout, kafkajs, OpenSearch), a refused or reset connection, and the same along `cause`.
 */
export function outageOf(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, message, code } = e as { name?: string; message?: string; code?: unknown };
    if (name && OUTAGE_ERROR_NAMES[name]) return OUTAGE_ERROR_NAMES[name]!;
    if (typeof message === 'string') {
      if (REDIS_OUTAGE_MESSAGES.some((re) => re.test(message))) return 'redis';
      // mongoose: an operation waited for a connection longer than bufferTimeoutMS (mongo.ts).
      if (name === 'MongooseError' && /buffering timed out/.test(message)) return 'database';
    }
    // MaxTimeMSExpired: an operation passed its deadline on the server (mongo.ts).
    if (name === 'MongoServerError' && code === 50) return 'database';
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT') return 'connection';
  }
  return null;
}
