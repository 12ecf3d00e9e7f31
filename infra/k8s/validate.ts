/**
 * `npx tsx infra/k8s/validate.ts [paths…]` — validates the manifests under k8s/ (or the given
 * files or folders) with kubeconform against the Kubernetes schemas, preparing both on first use
 * (kubeconform.ts). Exits 1 when anything is invalid.
 */
import path from 'node:path';
import { kubeconform, ROOT, summaryLine } from './kubeconform';

const paths = process.argv.slice(2);
kubeconform(paths.length ? paths.map((p) => path.resolve(p)) : [path.join(ROOT, 'k8s')]).then(
  (result) => {
    for (const p of result.problems) console.log(`${p.filename} - ${p.kind} ${p.name} is ${p.status}: ${p.msg}`);
    console.log(summaryLine(result.summary));
    process.exit(result.summary.invalid + result.summary.errors === 0 ? 0 : 1);
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  },
);
