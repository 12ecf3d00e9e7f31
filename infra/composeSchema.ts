/**
 * docker-compose.yml against the Compose Specification's own JSON schema (no Docker engine here, so
 * the file is validated instead of run). The schema is the
 * one Docker Compose itself validates with: `schema/compose-spec.json` of the Go module
 * `github.com/compose-spec/compose-go/v2`, fetched through the Go module proxy (infra/gomod.ts).
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { goModuleDir } from './gomod';

/** The compose-go release whose schema is used (Docker Compose v2.40 era). */
export const COMPOSE_GO_VERSION = 'v2.16.2';

/** Go's `time.ParseDuration` syntax, which compose-go registers as the `duration` format. */
const GO_DURATION = /^[-+]?((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$|^0$/;

/**
 * Compiles the Compose Specification schema and returns a validator: it takes the parsed YAML
 * (anchors and merge keys resolved, variables left as written) and gives the schema errors,
 * empty when the document is valid.
 * @throws Error when the schema cannot be fetched (Go or the module proxy unavailable).
 */
export async function composeValidator(): Promise<(doc: unknown) => ErrorObject[]> {
  const dir = await goModuleDir('github.com/compose-spec/compose-go/v2', COMPOSE_GO_VERSION);
  const schema = JSON.parse(readFileSync(path.join(dir, 'schema', 'compose-spec.json'), 'utf8')) as object;
  // strict: false — the schema is someone else's and uses annotations Ajv's strict mode rejects.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat('duration', GO_DURATION);
  const validate = ajv.compile(schema);
  return (doc) => (validate(doc) ? [] : [...(validate.errors ?? [])]);
}
