import { describe, expect, it } from 'vitest';
import { EventHub } from './hub.ts';
import type { FanOutRead, LoggedEvent, StreamCursor, StreamRepository } from './stream-repository.ts';

/** The log in memory, read as StreamRepository reads it; `gate` holds a read until released (a slow query). */
class MemoryLog {
  events: LoggedEvent[] = [];
  gate: Promise<void> | null = null;
  reads = 0;

  append(userId: number, count = 1): number[] {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = (this.events.at(-1)?.id ?? 0) + 1;
      this.events.push({ id, userId, type: 'notification', payload: { id } });
      ids.push(id);
    }
    return ids;
  }

  repository(): StreamRepository {
    return {
      head: async () => this.events.at(-1)?.id ?? 0,
      readForStreams: async (horizon: number, users: readonly number[], behind: readonly StreamCursor[], limit: number): Promise<FanOutRead> => {
        this.reads++;
        // The snapshot is taken when the statement starts.
        const snapshot = [...this.events];
        if (this.gate) await this.gate;
        const head = snapshot.at(-1)?.id ?? 0;
        const fresh = snapshot.filter((e) => e.id > horizon && users.includes(e.userId)).slice(0, limit);
        const late = behind.flatMap((c) => snapshot.filter((e) => e.userId === c.userId && e.id > c.afterId && e.id <= horizon).slice(0, limit));
        return { head, fresh, behind: late };
      },
      prune: async () => 0,
    } as unknown as StreamRepository;
  }
}

function sink() {
  const ids: number[] = [];
  const ends: string[] = [];
  return {
    ids,
    ends,
    sink: {
      write(text: string) {
        for (const match of text.matchAll(/^id: (\d+)$/gm)) ids.push(Number(match[1]));
        for (const match of text.matchAll(/^data: \{"reason":"([\w-]+)"\}$/gm)) ends.push(match[1]!);
        return true;
      },
      end: () => undefined,
    },
  };
}

describe('EventHub', () => {
  it('gives a stream opened during a read the events that read does not cover, once', async () => {
    const log = new MemoryLog();
    const hub = new EventHub(log.repository(), { readLimit: 3 });
    const a = sink();
    await hub.open({ userId: 1, lastEventId: null, sink: a.sink });
    await hub.settled();
    let release!: () => void;
    log.gate = new Promise((resolve) => (release = resolve));
    const first = log.append(2, 2);
    hub.wake();
    // User 2 connects while the read (which does not know them) is held; their events come in the next read.
    const b = sink();
    await hub.open({ userId: 2, lastEventId: 0, sink: b.sink });
    const second = log.append(2, 5);
    log.gate = null;
    release();
    await hub.settled();
    expect(b.ids).toEqual([...first, ...second]);
    expect(a.ids).toEqual([]);
    await hub.close();
  });

  it('reads a backlog past the read limit in turns, in order, before newer events', async () => {
    const log = new MemoryLog();
    const backlog = log.append(1, 10);
    log.append(2, 4);
    const hub = new EventHub(log.repository(), { readLimit: 3 });
    const other = sink();
    await hub.open({ userId: 2, lastEventId: null, sink: other.sink });
    await hub.settled();
    const resumed = sink();
    await hub.open({ userId: 1, lastEventId: 0, sink: resumed.sink });
    const fresh = log.append(1, 4);
    hub.wake();
    await hub.settled();
    expect(resumed.ids).toEqual([...backlog, ...fresh]);
    expect(other.ids).toEqual([]);
    await hub.close();
  });

  it('ends every stream on close', async () => {
    const log = new MemoryLog();
    const hub = new EventHub(log.repository());
    const streams = [sink(), sink(), sink()];
    for (const s of streams) await hub.open({ userId: 1, lastEventId: null, sink: s.sink });
    expect(hub.size).toBe(3);
    await hub.close();
    expect(streams.map((s) => s.ends)).toEqual([['shutdown'], ['shutdown'], ['shutdown']]);
    expect(hub.size).toBe(0);
  });

  it('ends a stream whose client does not read', async () => {
    const log = new MemoryLog();
    const hub = new EventHub(log.repository());
    const ends: string[] = [];
    await hub.open({
      userId: 1,
      lastEventId: null,
      sink: { write: (text) => (text.includes('end') ? (ends.push('end'), true) : false), end: () => undefined },
    });
    await hub.settled();
    log.append(1);
    hub.wake();
    await hub.settled();
    expect(ends).toEqual(['end']);
    expect(hub.size).toBe(0);
  });

  it("publishes topic events without an id to their subscribers only, and ends a topic's streams", async () => {
    const log = new MemoryLog();
    const hub = new EventHub(log.repository());
    const seen: [string, boolean][] = [];
    hub.observeTopics((topic, open) => seen.push([topic, open]));
    const texts = (into: string[]) => ({ write: (text: string) => (into.push(text), true), end: () => undefined });
    const user: string[] = [];
    const display: string[] = [];
    const other: string[] = [];
    await hub.open({ userId: 1, lastEventId: null, sink: texts(user), topics: ['production-view:5'] });
    await hub.open({
      userId: null,
      lastEventId: null,
      sink: texts(display),
      topics: ['production-view:5', 'display-link:9'],
      initial: 'event: production-view\ndata: {"first":true}\n\n',
    });
    await hub.open({ userId: null, lastEventId: null, sink: texts(other), topics: ['production-view:6'] });
    expect(hub.openTopics('production-view:').sort()).toEqual(['production-view:5', 'production-view:6']);
    expect(seen).toEqual([
      ['production-view:5', true],
      ['display-link:9', true],
      ['production-view:6', true],
    ]);
    expect(display[0]).toContain('"first":true');

    expect(hub.publish('production-view:5', 'production-view', { value: 3 })).toBe(2);
    expect(user.at(-1)).toBe('event: production-view\ndata: {"value":3}\n\n');
    expect(display.at(-1)).toBe(user.at(-1));
    expect(other).toEqual([]);
    // A display stream reads nothing of the log: the user's event goes to the user's stream only.
    const [logged] = log.append(1);
    hub.wake();
    await hub.settled();
    expect(user.at(-1)).toContain(`id: ${logged}`);
    expect(display.join('')).not.toContain('id:');

    hub.endTopic('display-link:9', 'revoked');
    expect(display.at(-1)).toBe('event: end\ndata: {"reason":"revoked"}\n\n');
    expect(seen.slice(3)).toEqual([['display-link:9', false]]);
    // The view's topic stays open for the user's stream.
    expect(hub.publish('production-view:5', 'production-view', { value: 4 })).toBe(1);
    await hub.close();
    expect(seen.slice(4).sort()).toEqual([
      ['production-view:5', false],
      ['production-view:6', false],
    ]);
    expect(hub.size).toBe(0);
  });
});
