/**
 * Writes one `npm run bench` run: `bench/results/<date>.json` (every raw figure and the
 * machine), `<date>.md` (the tables) and `<date>.png` (one bar-chart panel per measurement,
 * drawn with vega-lite and rasterised by resvg).
 */
import { Resvg } from '@resvg/resvg-js';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { BenchSection } from './section';

export interface RunMeta {
  date: string;
  startedAt: string;
  finishedAt: string;
  commit: string;
  node: string;
  cpus: string;
  memoryGiB: number;
}

/** The machine and code a run measured. */
export function runMeta(startedAt: Date): RunMeta {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    /* not a git checkout */
  }
  return {
    date: startedAt.toISOString().slice(0, 10),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** The markdown report: a heading, notes and table per section. */
export function markdown(meta: RunMeta, sections: readonly BenchSection[]): string {
  const lines = [
    `# Bench run ${meta.date}`,
    '',
    `Commit ${meta.commit}, Node ${meta.node}, ${meta.cpus}, ${meta.memoryGiB} GiB; ${meta.startedAt} → ${meta.finishedAt}.`,
    'Every figure in one table was measured side by side in this run on this machine; compare ratios, not absolutes.',
  ];
  for (const s of sections) {
    lines.push('', `## ${s.title}`, '', ...s.notes.map((n) => `- ${n}`), '');
    lines.push(`| ${s.columns.join(' | ')} |`, `| ${s.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
    for (const row of s.rows) lines.push(`| ${row.join(' | ')} |`);
    for (const t of s.tables ?? []) {
      lines.push('', `### ${t.title}`, '');
      lines.push(`| ${t.columns.join(' | ')} |`, `| ${t.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
      for (const row of t.rows) lines.push(`| ${row.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One PNG with a bar-chart panel per chart of every section. */
export async function chartPng(sections: readonly BenchSection[]): Promise<Buffer> {
  const panels = sections.flatMap((s) =>
    s.charts.map((c) => ({
      title: s.title,
      width: 420,
      height: 160,
      data: { values: c.points.map((p) => ({ ...p, series: p.series ?? '' })) },
      // Bars need a zero baseline, which a log scale lacks: log panels are lines with points.
      mark: c.log ? { type: 'line' as const, point: true } : { type: 'bar' as const },
      encoding: {
        x: { field: 'x', type: 'ordinal' as const, title: null, sort: null, axis: { labelAngle: 0, labelLimit: 110 } },
        ...(c.log ? {} : { xOffset: { field: 'series', type: 'nominal' as const } }),
        y: { field: 'y', type: 'quantitative' as const, title: c.yTitle, scale: c.log ? { type: 'log' as const } : {} },
        color: {
          field: 'series',
          type: 'nominal' as const,
          title: null,
          legend: c.points.some((p) => p.series) ? {} : null,
        },
      },
    })),
  );
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    background: 'white',
    padding: 16,
    config: { font: 'Liberation Sans', title: { fontSize: 13, anchor: 'start' } },
    concat: panels,
    columns: 2,
    resolve: { scale: { color: 'independent' }, legend: { color: 'independent' } },
  };
  // vega 6 and vega-lite 6 are ES modules with top-level await: loaded, not required.
  const vega = await import('vega');
  const { compile } = await import('vega-lite');
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return new Resvg(svg, { background: 'white', font: { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans' } }).render().asPng();
}

/** Writes the JSON, markdown and PNG of a run as `<dir>/<date><suffix>.*`; returns their paths. */
export async function writeResults(dir: string, meta: RunMeta, sections: readonly BenchSection[], suffix = ''): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const base = path.join(dir, `${meta.date}${suffix}`);
  const json = `${base}.json`;
  const md = `${base}.md`;
  const png = `${base}.png`;
  await writeFile(json, `${JSON.stringify({ meta, sections }, null, 2)}\n`);
  await writeFile(md, markdown(meta, sections));
  await writeFile(png, await chartPng(sections));
  return [json, md, png];
}
