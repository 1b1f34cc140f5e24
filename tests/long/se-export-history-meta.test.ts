import { describe, it } from 'vitest';
import { haveDump, SE_DATA, seRoundTrip } from '../support/se-round-trip.js';

// The Stack Exchange export round trip over the history-meta dump (5.4 MB of XML: about 40 s on a loaded two-core machine,
// so here rather than in npm test, whose server/modules/export/se-export.test.ts runs the same round trip over coffee's dump).

describe.skipIf(!haveDump('history-meta'))(`Stack Exchange export round trip (dumps at ${SE_DATA})`, () => {
  it(
    'history-meta: dump → Lantern → export → Lantern keeps the content; a second export is byte-identical',
    () => seRoundTrip('history-meta'),
    600_000,
  );
});
