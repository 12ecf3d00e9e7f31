/** The runner's digest of a failed Schemathesis run, read from a report in the shape `st run --report junit` writes (v4.32). */
import { describe, expect, it } from 'vitest';
import { junitFailures } from './junit';

const REPORT = `<?xml version="1.0" encoding="utf-8"?>
<testsuites errors="0" failures="1" skipped="0" tests="2" time="0.086860">
  <testsuite name="schemathesis" hostname="vm" errors="0" failures="1" skipped="0" tests="2" time="0.086860">
    <testcase name="GET /x" time="0.056830">
      <failure type="failure" message="ST101">1. Test Case ID: uBRAbV

- ST101 Server error

[500] Internal Server Error:

    \`{"error":"boom"}\`

Reproduce with:

    curl -X TRACE http://127.0.0.1:38999/x</failure>
    </testcase>
    <testcase name="GET /y" time="0.030030" />
  </testsuite>
</testsuites>`;

describe('junitFailures', () => {
  it('names each failed operation with the check and the curl command to replay it', () => {
    const failures = junitFailures(REPORT);
    expect(failures.map((f) => f.operation)).toEqual(['GET /x']);
    expect(failures[0]?.details).toMatch(/^ST101\n/);
    expect(failures[0]?.details).toContain('[500] Internal Server Error');
    expect(failures[0]?.details).toContain('curl -X TRACE http://127.0.0.1:38999/x');
  });

  it('finds nothing in a report where every operation passed, and reads <error> elements too', () => {
    expect(junitFailures(REPORT.replace(/<failure[\s\S]*<\/failure>/, ''))).toEqual([]);
    const errored = REPORT.replace('<failure type="failure" message="ST101">', '<error message="timeout">').replace(
      '</failure>',
      '</error>',
    );
    expect(junitFailures(errored)[0]).toMatchObject({ operation: 'GET /x', details: expect.stringMatching(/^timeout\n1\. Test Case ID/) });
  });

  it('throws on a report that is not XML', () => {
    expect(() => junitFailures('<testsuites><testcase')).toThrow();
  });
});
