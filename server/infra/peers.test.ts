import { describe, expect, it } from 'vitest';
import { clusterPeers, PEER_ENVELOPE, solePeers, type PeerChannel, type PeerMessage } from './peers.js';
import { TtlCache } from './ttl-cache.js';

/** A channel to a primary that records what is sent and lets the test deliver messages. */
function fakeChannel() {
  const sent: unknown[] = [];
  let listener: (m: unknown) => void = () => {};
  const channel: PeerChannel = {
    send: (m) => sent.push(m),
    on: (_e, l) => (listener = l),
  };
  return { channel, sent, deliver: (m: unknown) => listener(m) };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('peers', () => {
  it('alone: publishing goes nowhere and the process leads', () => {
    expect(solePeers).toMatchObject({ size: 1, index: 0, leader: true });
    expect(() => solePeers.publish({ kind: 'settings' })).not.toThrow();
  });

  it('process 0 leads; the others do not', () => {
    expect(clusterPeers(fakeChannel().channel, { size: 3, index: 0 }).leader).toBe(true);
    expect(clusterPeers(fakeChannel().channel, { size: 3, index: 2 }).leader).toBe(false);
  });

  it('sends the cache drops of one turn as one message, and everything when one of them was everything', async () => {
    const { channel, sent } = fakeChannel();
    const peers = clusterPeers(channel, { size: 2, index: 1 });
    peers.publish({ kind: 'cache', prefixes: ['question-page:'] });
    peers.publish({ kind: 'cache', prefixes: ['search:'] });
    peers.publish({ kind: 'cache', prefixes: ['question-page:'] });
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([{ type: PEER_ENVELOPE, message: { kind: 'cache', prefixes: ['question-page:', 'search:'] } }]);
    peers.publish({ kind: 'cache', prefixes: ['search:'] });
    peers.publish({ kind: 'cache', prefixes: [''] });
    await nextTurn();
    expect(sent[1]).toEqual({ type: PEER_ENVELOPE, message: { kind: 'cache', prefixes: [''] } });
    peers.publish({ kind: 'settings' });
    expect(sent[2]).toEqual({ type: PEER_ENVELOPE, message: { kind: 'settings' } });
  });

  it('hands valid messages to its subscribers and ignores anything else on the channel', () => {
    const { channel, deliver } = fakeChannel();
    const peers = clusterPeers(channel, { size: 2, index: 0 });
    const got: PeerMessage[] = [];
    peers.subscribe((m) => got.push(m));
    deliver({ type: 'lantern:stop' });
    deliver('text');
    deliver(null);
    deliver({ type: PEER_ENVELOPE, message: { kind: 'cache', prefixes: 'not a list' } });
    deliver({ type: PEER_ENVELOPE, message: { kind: 'unknown' } });
    deliver({ type: PEER_ENVELOPE, message: { kind: 'peer-exit', pid: 42 } });
    expect(got).toEqual([{ kind: 'peer-exit', pid: 42 }]);
  });
});

describe('TtlCache drops', () => {
  it('tells its listener of each drop; a drop from elsewhere is applied without being told again', async () => {
    const cache = new TtlCache();
    const told: string[] = [];
    cache.onInvalidate((p) => told.push(p));
    await cache.get('a:1', 60_000, async () => 1);
    await cache.get('b:1', 60_000, async () => 2);
    cache.invalidateLocal('a:');
    expect(told).toEqual([]);
    expect(await cache.get('a:1', 60_000, async () => 10)).toBe(10);
    expect(await cache.get('b:1', 60_000, async () => 20)).toBe(2);
    cache.invalidate('b:');
    expect(told).toEqual(['b:']);
    expect(await cache.get('b:1', 60_000, async () => 20)).toBe(20);
    cache.invalidateLocal();
    expect(await cache.get('a:1', 60_000, async () => 100)).toBe(100);
  });
});
