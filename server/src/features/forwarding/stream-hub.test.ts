import { describe, expect, it } from 'vitest';
import type { HeldStreams } from '../../realtime/cluster-events.js';
import { SOLO_CLUSTER, type Cluster } from '../../realtime/cluster.js';
import { createStreamHub, type LocalStream } from './stream-hub.js';

/** A cluster channel that records what this instance sends and lets the test speak for the others. */
function fakeCluster() {
  const sent = { announced: [] as HeldStreams[], poked: [] as string[] };
  let onStreams: (held: HeldStreams) => void = () => undefined;
  let onPoke: (sessionId: string) => void = () => undefined;
  const cluster: Cluster = {
    ...SOLO_CLUSTER,
    announceStreams: async (held) => {
      sent.announced.push(held);
    },
    onStreams: (listener) => (onStreams = listener),
    pokeSession: (sessionId) => sent.poked.push(sessionId),
    onPoke: (listener) => (onPoke = listener),
  };
  return {
    cluster,
    sent,
    fromOther: (held: HeldStreams) => onStreams(held),
    pokeFromOther: (id: string) => onPoke(id),
  };
}

function localStream(responding = false, isForwarder = true) {
  const stream = { responding, isForwarder, pokes: 0, closed: false } as LocalStream & {
    pokes: number;
    closed: boolean;
  };
  stream.poke = () => stream.pokes++;
  stream.close = () => (stream.closed = true);
  return stream;
}

describe('stream hub', () => {
  it('announces the streams it opens and closes, and pokes its own streams of a session', async () => {
    const { cluster, sent } = fakeCluster();
    const hub = createStreamHub(cluster);
    const mine = localStream(true);
    const other = localStream();
    const remove = await hub.open('s1', mine);
    await hub.open('s2', other);
    expect(sent.announced.at(-1)).toMatchObject({ streamed: ['s1', 's2'], responding: ['s1'] });
    hub.stored('s1');
    expect([mine.pokes, other.pokes]).toEqual([1, 0]);
    expect(hub.hasResponder('s1')).toBe(true);
    remove();
    expect(sent.announced.at(-1)).toMatchObject({ streamed: ['s2'], responding: [] });
    expect(hub.hasResponder('s1')).toBe(false);
    hub.close();
    expect(other.closed).toBe(true);
  });

  it('sends a poke to the other instances only for sessions streamed there', () => {
    const { cluster, sent, fromOther, pokeFromOther } = fakeCluster();
    const hub = createStreamHub(cluster);
    hub.stored('nobody-streams-this');
    expect(sent.poked).toEqual([]);
    fromOther({ instanceId: 'b', streamed: ['s1'], responding: ['s1'] });
    hub.stored('s1');
    expect(sent.poked).toEqual(['s1']);
    expect(hub.hasResponder('s1')).toBe(true);
    fromOther({ instanceId: 'b', streamed: [], responding: [] });
    hub.stored('s1');
    expect(sent.poked).toEqual(['s1']);
    expect(hub.hasResponder('s1')).toBe(false);
    pokeFromOther('s1'); // nobody here streams it: nothing to do, nothing breaks
    hub.close();
  });

  it('forgets an instance that stopped announcing (crashed): its forwarder no longer holds captures', () => {
    const { cluster, fromOther } = fakeCluster();
    let now = 1_000_000;
    const hub = createStreamHub(cluster, () => now);
    fromOther({ instanceId: 'b', streamed: ['s1'], responding: ['s1'] });
    now += 29_000;
    expect(hub.hasResponder('s1')).toBe(true);
    now += 2_000;
    expect(hub.hasResponder('s1')).toBe(false);
    hub.close();
  });

  it('counts the forwarders of a session here and on the other instances, but not its waits', async () => {
    const { cluster, sent, fromOther } = fakeCluster();
    const hub = createStreamHub(cluster);
    const removePlain = await hub.open('s1', localStream(false));
    await hub.open('s1', localStream(true));
    await hub.open('s1', localStream(false, false)); // a wait
    expect(hub.forwarders('s1')).toEqual({ count: 2, responding: 1 });
    expect(sent.announced.at(-1)?.forwarders).toEqual({ s1: { count: 2, responding: 1 } });

    fromOther({
      instanceId: 'b',
      streamed: ['s1', 's2'],
      responding: [],
      forwarders: { s1: { count: 3, responding: 0 }, s2: { count: 1, responding: 0 } },
    });
    // An instance that does not count them has one forwarder per streamed session.
    fromOther({ instanceId: 'c', streamed: ['s1'], responding: ['s1'] });
    expect(hub.forwarders('s1')).toEqual({ count: 6, responding: 2 });
    expect(hub.forwarders('s2')).toEqual({ count: 1, responding: 0 });
    expect(hub.forwarders('nobody')).toEqual({ count: 0, responding: 0 });

    await removePlain();
    await removePlain(); // a second removal changes nothing
    expect(hub.forwarders('s1')).toEqual({ count: 5, responding: 2 });
    hub.close();
  });

  it("forgets a crashed instance's forwarders when its announcement expires", () => {
    const { cluster, fromOther } = fakeCluster();
    let now = 1_000_000;
    const hub = createStreamHub(cluster, () => now);
    fromOther({
      instanceId: 'b',
      streamed: ['s1'],
      responding: [],
      forwarders: { s1: { count: 2, responding: 0 } },
    });
    expect(hub.forwarders('s1')).toEqual({ count: 2, responding: 0 });
    now += 31_000;
    expect(hub.forwarders('s1')).toEqual({ count: 0, responding: 0 });
    hub.close();
  });
});
