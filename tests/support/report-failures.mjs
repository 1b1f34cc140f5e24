// The names of the tests that failed, with the first line of their error, read from the runners' JSON
// reports: npm test, npm run test:long and .ci/run print them again at the end, where a log's tail shows them.
import { relative } from 'node:path';

/** Failed tests of a vitest JSON report, each as `label file > test: first line of the error`. */
export function vitestFailures(report, label, root) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const why = String(t.failureMessages?.[0] ?? '').split('\n')[0];
      out.push(`${label} ${relative(root, file.name)} > ${t.fullName}: ${why}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      out.push(`${label} ${relative(root, file.name)}: ${String(file.message ?? '').split('\n')[0]}`);
  }
  return out;
}

/** Failed and flaky tests of a Playwright JSON report, named the same way. */
export function playwrightFailures(report, label) {
  const out = [];
  (function walk(suite, titles) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const last = t.results?.[t.results.length - 1];
        const why = String(last?.error?.message ?? '').split('\n')[0];
        const name = [...titles, spec.title].filter(Boolean).join(' > ');
        out.push(`${label} ${spec.file}:${spec.line} > ${name}: ${t.status === 'flaky' ? 'FLAKY (passed on retry)' : why}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.file === child.title ? '' : child.title]);
  })({ suites: report?.suites ?? [] }, []);
  return out;
}
