/**
 * A search read model on OpenSearch 2.19, shared by every service that answers a list
 * from a search index: the catalogue's items and packages (`GET /items/getItems`,
 * `GET /Packages/getPackages`), identity's admin searches over customers and sellers, ordering's
 * admin transaction search. Documents are written only with external versioning
 * (`version_type=external`, `version` = the aggregate's aggregateVersion), so a duplicate or an
 * older event is a no-op (409 per document, ignored) and a projection, a synchronous write on the
 * request path and a rebuild can all write the same document in any order. Deletions are
 * tombstones (`deleted: true` at the deleting version), so a late older update cannot bring a
 * document back.
 *
 * Reads and writes go to an alias (e.g. `catalogue-items`, see {@link searchAliasOf}) over one
 * concrete index (`<alias>-v1` at first, `<alias>-<timestamp>` after a rebuild, see
 * {@link rebuildSearchIndices}), so a rebuilt index replaces the live one in one alias swap.
 *
 * When OpenSearch does not answer, reads throw HTTP 503 `{ error: unavailableMessage }`, writes
 * throw to the projection (which retries until it is back).
 */
import { Client } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import { HttpError, serviceUnavailable } from '../errors';

/** The 503 message of a list whose index cannot be read, unless a service names its own. */
export const SEARCH_UNAVAILABLE_DEFAULT = 'Search is unavailable at the moment, please try again shortly';

/** A search request body as the indices take it (`query` is wrapped to leave tombstones out). */
export interface SearchBody {
  query: Record<string, unknown>;
  post_filter?: Record<string, unknown>;
  aggs?: Record<string, Record<string, unknown>>;
  sort?: Record<string, unknown>[];
  track_total_hits?: boolean;
  _source?: string[];
}

/**
 * One write: a document's state at a version (its aggregateVersion), or its deletion at a version.
 * `doc` holds the searchable fields and `view`, the answer as the API sends it.
 */
export type IndexOp = { kind: 'put'; id: string; doc: object; version: number } | { kind: 'delete'; id: string; version: number };

export interface SearchHits<V = unknown> {
  total: number;
  views: V[];
  aggregations?: unknown;
  /** Sort values of the last hit (for search_after). */
  lastSort?: unknown[];
}

interface RawHit {
  _source: { view: never };
  sort?: unknown[];
}
interface RawSearch {
  hits: { total: { value: number }; hits: RawHit[] };
  aggregations?: unknown;
  pit_id?: string;
}

export interface SearchIndexOptions {
  url: string;
  /** The alias the catalogue reads and writes. */
  alias: string;
  replicas: number;
  /** Settings and mappings of a new index (`deleted` must be a boolean field). */
  definition: (replicas: number) => object;
  logger: Logger;
  /** Timeout of a write, ms (default 15,000: a busy node's bulk with refresh=wait_for can take seconds). */
  requestTimeoutMs?: number;
  /** Timeout of a read, ms (default 5,000; listings answer 503 after it). */
  readTimeoutMs?: number;
  /** The 503 message when the index cannot be read (default {@link SEARCH_UNAVAILABLE_DEFAULT}). */
  unavailableMessage?: string;
}

/** One alias over one concrete index, with bulk writes and searches (see the module's note). */
export class SearchIndex<V = unknown, B extends SearchBody = SearchBody> {
  readonly client: Client;
  private ensured: Promise<void> | null = null;
  /** Transport options of reads. */
  private readonly read: { requestTimeout: number };

  constructor(private readonly opts: SearchIndexOptions) {
    this.client = new Client({ node: opts.url, requestTimeout: opts.requestTimeoutMs ?? 15_000, maxRetries: 0 });
    this.read = { requestTimeout: opts.readTimeoutMs ?? 5_000 };
  }

  get alias(): string {
    return this.opts.alias;
  }

  /** HTTP 503 `{ error }` for a list while the index cannot be read. */
  unavailable(): HttpError {
    // With Retry-After, as every outage answer (issue 34; README, Operations).
    return serviceUnavailable(this.opts.unavailableMessage ?? SEARCH_UNAVAILABLE_DEFAULT);
  }

  /**
   * Creates `<alias>-v1` with the alias when no index has the alias yet (once; two replicas
   * racing create the same name, and the loser's "already exists" is fine). When the alias
   * exists, its index gets the definition's mappings again, which adds the fields a newer
   * definition brought (e.g. the packages' `startDate`/`endDate`): a strict mapping would refuse
   * every write carrying them. Documents written before lack them until `npm run search:rebuild`.
   * @throws when OpenSearch does not answer (the next call tries again)
   */
  ensure(): Promise<void> {
    this.ensured ??= this.createIfMissing().catch((err: unknown) => {
      this.ensured = null;
      throw err;
    });
    return this.ensured;
  }

  private async createIfMissing(): Promise<void> {
    const exists = await this.client.indices.existsAlias({ name: this.alias });
    if (exists.body) return this.addNewFields();
    try {
      await this.createIndex(`${this.alias}-v1`, true);
    } catch (err) {
      if (!/resource_already_exists_exception/.test(String((err as Error).message))) throw err;
    }
  }

  /**
   * Puts the definition's mappings on the alias's index. Adding fields is allowed on a live index;
   * a changed field is not, and is logged (a rebuild applies it) rather than stopping the service.
   */
  private async addNewFields(): Promise<void> {
    const { mappings } = this.opts.definition(this.opts.replicas) as { mappings?: Record<string, unknown> };
    if (!mappings) return;
    try {
      await this.client.indices.putMapping({ index: this.alias, body: mappings as never });
    } catch (err) {
      if (/illegal_argument_exception|mapper_parsing_exception/.test(String((err as Error).message)))
        this.opts.logger.warn({ err, alias: this.alias }, 'search index mapping differs from the definition: run npm run search:rebuild');
      else throw err;
    }
  }

  /** Creates a concrete index with the mappings, optionally already behind the alias. */
  async createIndex(name: string, withAlias: boolean): Promise<void> {
    const def = this.opts.definition(this.opts.replicas);
    await this.client.indices.create({
      index: name,
      body: { ...def, ...(withAlias ? { aliases: { [this.alias]: {} } } : {}) } as never,
    });
  }

  /**
   * Applies writes in one bulk request (to `index`, the alias by default). A 409 (the index
   * already holds that version or a newer one) is the expected no-op; any other failure throws.
   * @param refresh - `wait_for` when the caller must see the write (or the same or newer version
   *   the index already held) in its next search
   * @returns how many documents were written (not stale)
   */
  async bulk(ops: IndexOp[], { index = this.alias, refresh }: { index?: string; refresh?: 'wait_for' } = {}): Promise<number> {
    if (ops.length === 0) return 0;
    if (index === this.alias) await this.ensure();
    const body: unknown[] = [];
    for (const op of ops) {
      body.push({ index: { _index: index, _id: op.id, version: op.version, version_type: 'external' } });
      body.push(op.kind === 'put' ? { ...op.doc, deleted: false } : { deleted: true });
    }
    const t0 = performance.now();
    const res = await this.client.bulk({ body: body as never, ...(refresh ? { refresh } : {}) });
    const ms = performance.now() - t0;
    if (ms > 1_000) this.opts.logger.warn({ ms: Math.round(ms), docs: ops.length, refresh }, 'slow search index write');
    const items = (res.body as { items: { index: { status: number; error?: { type: string; reason: string } } }[] }).items;
    let written = 0;
    let alreadyThere = 0;
    for (const it of items) {
      const r = it.index;
      if (r.status < 300) written++;
      else if (r.status === 409) alreadyThere++;
      else throw new Error(`search index write failed: ${r.status} ${r.error?.type}: ${r.error?.reason}`);
    }
    // A version conflict means the index already holds this version or a newer one, possibly
    // written by the projection a moment ago and not yet visible: `wait_for` waits only for the
    // writes this request made, so make the index's latest writes visible before answering.
    if (refresh && alreadyThere > 0) await this.client.indices.refresh({ index });
    return written;
  }

  /**
   * One search. `from`/`size` page it; `searchAfter` continues after a hit's sort values within a
   * point in time (`pitId`; then `index` must not be given).
   * @throws HttpError 503 when OpenSearch does not answer
   */
  async search(
    body: B,
    page: { from?: number; size: number; searchAfter?: unknown[]; pitId?: string },
  ): Promise<SearchHits<V> & { pitId?: string }> {
    try {
      if (!page.pitId) await this.ensure();
      const full: Record<string, unknown> = {
        ...(body as SearchBody),
        query: { bool: { must: [body.query], must_not: [{ term: { deleted: true } }] } },
        size: page.size,
        ...(page.from ? { from: page.from } : {}),
        ...(page.searchAfter ? { search_after: page.searchAfter } : {}),
        ...(page.pitId ? { pit: { id: page.pitId, keep_alive: '1m' } } : {}),
      };
      const t0 = performance.now();
      let raw: RawSearch;
      if (body.aggs && !page.pitId) {
        // Hits and facet counts as two searches in one round trip: the facets' search has size 0,
        // so OpenSearch's shard request cache keeps its answer until the index next changes
        // (a repeated listing pays for the aggregations once per refresh with changes).
        const { aggs, ...hits } = full;
        const res = await this.client.msearch(
          {
            body: [
              { index: this.alias },
              hits,
              { index: this.alias, request_cache: true },
              { query: full.query, aggs, size: 0, track_total_hits: false },
            ] as never,
          },
          this.read,
        );
        const [hitsAnswer, aggsAnswer] = (res.body as unknown as { responses: (RawSearch & { error?: unknown; status?: number })[] })
          .responses;
        for (const r of [hitsAnswer, aggsAnswer])
          if (!r || r.error) throw new Error(`search failed: ${JSON.stringify(r?.error ?? 'no answer')}`);
        raw = { ...hitsAnswer!, aggregations: aggsAnswer!.aggregations };
      } else {
        const res = await this.client.search(page.pitId ? { body: full as never } : { index: this.alias, body: full as never }, this.read);
        raw = res.body as unknown as RawSearch;
      }
      const ms = performance.now() - t0;
      if (ms > 1_000) this.opts.logger.warn({ ms: Math.round(ms) }, 'slow search index read');
      const hits = raw.hits.hits;
      return {
        total: raw.hits.total.value,
        views: hits.map((h) => h._source.view),
        aggregations: raw.aggregations,
        lastSort: hits.length ? hits[hits.length - 1]!.sort : undefined,
        pitId: raw.pit_id,
      };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.opts.logger.warn({ err }, 'search index read failed');
      throw this.unavailable();
    }
  }

  /**
   * Every match of `body` in its sort order, up to `limit`, read page by page with a point in
   * time and search_after (a consistent view while it reads).
   * @returns the rows and the total number of matches (which may exceed `limit`)
   */
  async searchAll(body: B, limit: number, pageSize = 1_000): Promise<{ views: V[]; total: number }> {
    let pitId: string;
    try {
      await this.ensure();
      const pit = await this.client.createPit({ index: [this.alias], keep_alive: '1m' }, this.read);
      pitId = pit.body.pit_id;
    } catch (err) {
      this.opts.logger.warn({ err }, 'search index read failed');
      throw this.unavailable();
    }
    try {
      const views: V[] = [];
      let total = 0;
      let searchAfter: unknown[] | undefined;
      for (;;) {
        const size = Math.min(pageSize, limit - views.length);
        if (size <= 0) break;
        const res = await this.search(body, { size, searchAfter, pitId });
        total = res.total;
        views.push(...res.views);
        if (res.pitId) pitId = res.pitId;
        if (res.views.length < size || !res.lastSort) break;
        searchAfter = res.lastSort;
      }
      return { views, total };
    } finally {
      void this.client.deletePit({ body: { pit_id: [pitId] } }).catch(() => undefined);
    }
  }

  /**
   * Makes every write acknowledged so far visible to searches (OpenSearch's refresh), for a
   * consumer that must see writes made on other paths before it acts on a search.
   * @throws HttpError 503 when OpenSearch does not answer
   */
  async refresh(): Promise<void> {
    try {
      await this.ensure();
      await this.client.indices.refresh({ index: this.alias });
    } catch (err) {
      this.opts.logger.warn({ err }, 'search index refresh failed');
      throw this.unavailable();
    }
  }

  /** Whether OpenSearch answers (for logs and tests; never part of readiness: listings degrade alone). */
  async ping(): Promise<boolean> {
    try {
      await this.client.cluster.health({ timeout: '2s' } as never);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
