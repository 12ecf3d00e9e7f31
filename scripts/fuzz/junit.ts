/**
 * The failures of one Schemathesis run, read from its JUnit report (`st run --report junit`).
 * Why: Schemathesis prints a failing request in the middle of a long, live-updating log; a CI
 * log that keeps only its tail loses it. The runner prints this digest last, so the operation,
 * the check that failed and the curl command to replay it are what a reader sees first.
 */
import { XMLParser } from 'fast-xml-parser';

/** One failed operation: `operation` as Schemathesis names it ("GET /items/get/{id}"), `details` its report text. */
export interface FuzzFailure {
  operation: string;
  details: string;
}

type Node = Record<string, unknown>;

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The text of a `<failure>`/`<error>` element: its `message` attribute and its body, whichever it has. */
function textOf(el: unknown): string {
  if (typeof el === 'string') return el;
  const n = el as Node;
  return [n['@_message'], n['#text']].filter((s): s is string => typeof s === 'string' && s.trim() !== '').join('\n');
}

/**
 * Every test case of the report with a `<failure>` or `<error>`, in report order; [] for a report
 * without any. Throws on text that is not XML (the caller says the report could not be read).
 */
export function junitFailures(xml: string): FuzzFailure[] {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(xml, true) as Node;
  const suites = asArray((doc.testsuites as Node | undefined)?.testsuite as Node | Node[] | undefined);
  const failures: FuzzFailure[] = [];
  for (const suite of suites) {
    for (const tc of asArray(suite.testcase as Node | Node[] | undefined)) {
      const found = [...asArray(tc.failure), ...asArray(tc.error)];
      if (found.length === 0) continue;
      failures.push({ operation: String(tc['@_name'] ?? '?'), details: found.map(textOf).join('\n') });
    }
  }
  return failures;
}
