// The README's example test for testers (docs/testing-example.spec.ts, issue 37) run as written: it
// imports `lantern/testing` through the package's own exports (the built out/main/testing.js), as a
// tester's project does. tests/unit/testing-readme.test.ts checks the README shows the same text.
import '../../docs/testing-example.spec';
