/**
 * Lines of FerretDB-specific code outside `infra/` and the platform's store layer (issue 28's
 * goal: none in the services and the gateway). A static count, no stack needed.
 *
 * The rule (deliberately simple, so anyone can recount by hand): in every `.ts`/`.tsx` file under
 * `services/* /src` and `gateway/src` (tests excluded: `*.test.ts`), a line is FerretDB-specific
 * when it mentions "FerretDB" (any case); when that line is a comment (`//`, `*`, `/*`), the first
 * code line after the comment block is counted too, as the statement the comment explains (unless it
 * is an `import`: then the comment is the module's docstring). Lines
 * that work around FerretDB 1.x without naming it are not found (an under-count); lines that name it
 * only to say it does not matter are counted (an over-count): the table lists each line so a
 * reader can judge.
 *
 *   npx tsx bench/ferretdb-lines.ts          or   npm run bench -- --only ferretdb
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';

const ROOT = path.resolve(__dirname, '..');

/** Source files (`.ts`, `.tsx`, no tests) under `dir`, relative to the repository root. */
function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path.relative(ROOT, p));
    }
  };
  walk(path.join(ROOT, dir));
  return out;
}

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** One counted line: `file:line`, and whether it names FerretDB or is the statement a comment naming it annotates. */
export interface FerretLine {
  at: string;
  why: 'mentions' | 'annotated';
  text: string;
}

/** The FerretDB-specific lines of `text` (one file's contents) by the rule in this module's docstring. */
export function ferretLines(file: string, text: string): FerretLine[] {
  const lines = text.split('\n');
  const found = new Map<number, FerretLine>();
  lines.forEach((line, i) => {
    if (!/ferretdb/i.test(line)) return;
    found.set(i, { at: `${file}:${i + 1}`, why: 'mentions', text: line.trim() });
    if (!isComment(line)) return;
    let j = i + 1;
    while (j < lines.length && (isComment(lines[j]!) || !lines[j]!.trim())) j++;
    // A module's docstring describes the file, not the import after it.
    if (j < lines.length && !found.has(j) && !/^\s*import\b/.test(lines[j]!))
      found.set(j, { at: `${file}:${j + 1}`, why: 'annotated', text: lines[j]!.trim() });
  });
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);
}

export async function run(): Promise<BenchSection> {
  const dirs = [...readdirSync(path.join(ROOT, 'services')).map((s) => `services/${s}/src`), 'gateway/src'].filter((d) => {
    try {
      return statSync(path.join(ROOT, d)).isDirectory();
    } catch {
      return false;
    }
  });
  const found = dirs.flatMap((d) => sources(d)).flatMap((f) => ferretLines(f, readFileSync(path.join(ROOT, f), 'utf8')));
  const code = found.filter((l) => !isComment(l.text));
  const perDir = dirs.map((d) => [
    d,
    found.filter((l) => l.at.startsWith(`${d}/`)).length,
    code.filter((l) => l.at.startsWith(`${d}/`)).length,
  ]);
  return {
    id: 'ferretdb',
    title: 'FerretDB-specific lines in the services and the gateway (goal: none)',
    notes: [
      'Counted by bench/ferretdb-lines.ts: lines mentioning FerretDB in services/*/src and gateway/src (tests excluded), plus the first code line after each comment that mentions it. "code lines" leaves the comments out.',
      `${found.length} lines in all, ${code.length} of them code. Each is listed below as file:line.`,
    ],
    columns: ['directory', 'lines', 'code lines'],
    rows: perDir.filter((r) => Number(r[1]) > 0),
    data: { found },
    charts: [{ yTitle: 'lines', points: perDir.map((r) => ({ x: String(r[0]), y: Number(r[1]) })) }],
    tables: [
      {
        title: 'The lines',
        columns: ['at', 'why', 'text'],
        rows: found.map((l) => [l.at, l.why, l.text.slice(0, 120).replace(/\|/g, '\\|')]),
      },
    ],
  };
}

benchMain(module, run);
