import { describe, it } from 'vitest';
import { haveDump, SE_DATA, seRoundTrip } from '../../../tests/support/se-round-trip.js';

// The round trip over coffee's dump (about 10 s); the larger history-meta dump's (about 40 s on a loaded two-core machine)
// runs in `npm run test:long` (tests/long/se-export-history-meta.test.ts), through the same tests/support/se-round-trip.ts.
describe.skipIf(!haveDump('coffee'))(`Stack Exchange export round trip (dumps at ${SE_DATA})`, () => {
  it(
    'coffee: dump → Lantern → export → Lantern keeps the content; a second export is byte-identical',
    () => seRoundTrip('coffee'),
    600_000,
  );
});
