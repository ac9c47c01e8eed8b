import { USER_EVENTS_CHANNEL } from '@gearwatch/contracts';
import type { Unlisten } from '../../db/database.ts';
import type { LoggedEvent, StreamCursor, StreamRepository } from './stream-repository.ts';

/** Where a stream's text goes: the HTTP response (routes.ts) or a test's buffer. */
export interface StreamSink {
  /** Writes SSE text; answers false when the client has more than it reads (the stream is then ended). */
  write(text: string): boolean;
  end(): void;
}

/** Subscribes to the NOTIFY channel of the event log (Database.listen); the payload is ignored. */
export type ListenFn = (channel: string, onNotify: (payload: string | null) => void) => Promise<Unlisten>;

export interface EventHubOptions {
  /** Comment lines keep proxies and the client's idle timers from closing a quiet stream. */
  heartbeatMs?: number;
  /** Events read per stream part and wake; more are read on the next turn at once. */
  readLimit?: number;
  /** Unread text a slow client may leave in its buffer before its stream is ended (it resumes from its last id). */
  maxBufferedBytes?: number;
  log?: { warn(object: object, message: string): void };
}

export interface OpenStream {
  /** The user whose logged events the stream carries; null for a display stream (topics only, no user events). */
  userId: number | null;
  /** The last event id the client has (`Last-Event-ID`), or null for a new stream: it gets what happens from now on. */
  lastEventId: number | null;
  /** The stream ends then (the access token expires); the client reconnects with a new one. */
  expiresAt?: Date;
  sink: StreamSink;
  /**
   * Ephemeral topics the stream also carries (`production-view:{id}`): what `publish` sends to them, without an id,
   * never logged nor replayed. `endTopic` ends every stream subscribed to a topic (`display-link:{id}` when revoked).
   */
  topics?: readonly string[];
  /** SSE text written before anything else (a topic's current state, so a new screen shows numbers at once). */
  initial?: string;
}

/** Why a stream was ended by the server (the `end` event's `reason`). */
export type EndReason = 'token-expired' | 'slow-client' | 'shutdown' | 'revoked';

/** Told when a topic gets its first stream on this instance (`open` true) or loses its last one. */
export type TopicObserver = (topic: string, open: boolean) => void;

class Stream {
  /** Every event up to this id has been sent or is not this user's. */
  cursor: number;
  ended = false;
  expiry: NodeJS.Timeout | null = null;

  constructor(
    readonly userId: number | null,
    cursor: number,
    readonly sink: StreamSink,
    readonly topics: readonly string[],
  ) {
    this.cursor = cursor;
  }
}

const DEFAULTS = { heartbeatMs: 20_000, readLimit: 1000, maxBufferedBytes: 1 << 20 };

/** The text of one event on the wire: `id`, `event` and one `data` line of JSON (which holds no line breaks). */
export function formatEvent(event: Pick<LoggedEvent, 'id' | 'type' | 'payload'>): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload ?? {})}\n\n`;
}

/** The text of an ephemeral (topic) event: no `id`, so it never moves the client's `Last-Event-ID`. */
export function formatTopicEvent(type: string, payload: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(payload ?? {})}\n\n`;
}

/**
 * The open `GET /api/events` streams of this instance and their fan-out (docs/events.md). One LISTEN on the event log's
 * channel per instance wakes it; each wake makes one read for every connected stream (StreamRepository
 * .readForStreams) and writes each stream the events of its user after its cursor. Writers of the log commit in id
 * order (event-log.ts), so a cursor is exact: an event is sent once per stream, and a stream resumed with
 * `Last-Event-ID` gets what it missed once. Streams may also carry ephemeral topics (`publish`, `endTopic`): state
 * that replaces itself, sent without an id and never logged (a production view's live state); a display stream has
 * topics only and no user. How many streams may open is decided before they get here (StreamLimits, in the routes).
 */
export class EventHub {
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<number, Stream[]>();
  private readonly byTopic = new Map<string, Set<Stream>>();
  private readonly topicObservers: TopicObserver[] = [];
  private readonly options: typeof DEFAULTS & Pick<EventHubOptions, 'log'>;
  /** Every event up to here has been read for the streams that are not behind; null until the first read. */
  private horizon: number | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private listen: ListenFn | null = null;
  private unlisten: Promise<Unlisten | null> | null = null;
  private closed = false;

  constructor(
    private readonly repository: StreamRepository,
    options: EventHubOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Logs failed reads and LISTENs to `log` (the app's logger exists only after the services). */
  useLog(log: NonNullable<EventHubOptions['log']>): void {
    this.options.log = log;
  }

  /** The NOTIFY source (the app's database); without one the hub reads on every heartbeat only. */
  useListener(listen: ListenFn): void {
    this.listen = listen;
  }

  /** How many streams are open (metrics, tests). */
  get size(): number {
    return this.streams.size;
  }

  /** Calls `observer` when a topic opens (its first stream) or closes (its last one) on this instance. */
  observeTopics(observer: TopicObserver): void {
    this.topicObservers.push(observer);
  }

  /** The topics with at least one open stream, those starting with `prefix` (`production-view:`). */
  openTopics(prefix = ''): string[] {
    return [...this.byTopic.keys()].filter((topic) => topic.startsWith(prefix));
  }

  /**
   * Writes an ephemeral event to every stream subscribed to `topic` (docs/events.md "Topic streams"): formatted once,
   * without an id, not logged; a stream that was not open misses it (the topic's owner sends state, not changes).
   */
  publish(topic: string, type: string, payload: unknown): number {
    const subscribers = this.byTopic.get(topic);
    if (!subscribers || subscribers.size === 0) return 0;
    const text = formatTopicEvent(type, payload);
    for (const stream of [...subscribers]) this.write(stream, text);
    return subscribers.size;
  }

  /** Ends every stream subscribed to `topic` with an `end` event of `reason` (a revoked display link). */
  endTopic(topic: string, reason: EndReason): void {
    for (const stream of [...(this.byTopic.get(topic) ?? [])]) this.end(stream, reason);
  }

  /** Registers a stream and sends it, in order, what it missed (with a Last-Event-ID) and then what comes. */
  async open({ userId, lastEventId, expiresAt, sink, topics = [], initial }: OpenStream): Promise<() => void> {
    if (this.closed) {
      sink.end();
      return () => undefined;
    }
    // A display stream (no user) reads nothing from the log: it needs neither the LISTEN nor a cursor.
    if (userId !== null) this.ensureListening();
    const cursor = userId === null ? 0 : (lastEventId ?? (await this.repository.head()));
    const stream = new Stream(userId, cursor, sink, [...new Set(topics)]);
    this.streams.add(stream);
    if (initial) this.write(stream, initial);
    for (const topic of stream.topics) {
      let subscribers = this.byTopic.get(topic);
      if (!subscribers) this.byTopic.set(topic, (subscribers = new Set()));
      subscribers.add(stream);
      if (subscribers.size === 1) this.tellTopic(topic, true);
    }
    if (userId !== null) {
      const mine = this.byUser.get(userId) ?? [];
      mine.push(stream);
      this.byUser.set(userId, mine);
    }
    if (expiresAt) {
      const wait = expiresAt.getTime() - Date.now();
      if (wait <= 0) this.end(stream, 'token-expired');
      // setTimeout holds at most 2^31-1 ms; tokens live minutes.
      else stream.expiry = setTimeout(() => this.end(stream, 'token-expired'), Math.min(wait, 2_147_483_647));
    }
    this.startHeartbeat();
    this.wake();
    return () => this.remove(stream);
  }

  /** Reads and sends what is new; called on NOTIFY, on a new stream and on each heartbeat. Never overlaps itself. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.fanOut();
        } catch (error) {
          this.options.log?.warn({ err: error }, 'event stream read failed; retrying on the next wake');
        }
      } while (this.again && this.streams.size > 0 && !this.closed);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the wake in progress (if any) is done: tests and benches wait on it. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Ends every stream (a shutdown: clients reconnect to another instance) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const stream of [...this.streams]) this.end(stream, 'shutdown');
    this.stopHeartbeat();
    await this.settled();
    const unlisten = await this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => undefined);
  }

  private async fanOut(): Promise<void> {
    // The streams this read is for: one opened while it runs waits for the next wake (open() asks for one). Display
    // streams carry no user's events.
    const participants = [...this.streams].filter((stream): stream is Stream & { userId: number } => stream.userId !== null);
    if (participants.length === 0) return;
    const { readLimit } = this.options;
    const horizon = this.horizon ?? (await this.repository.head());
    // A resumed stream (or one opened when the hub was idle) is behind: its user's events up to the horizon are read
    // from its own cursor; one cursor per user, the lowest of its streams that are behind.
    const behindCursors = new Map<number, number>();
    for (const stream of participants) {
      if (stream.cursor >= horizon) continue;
      const current = behindCursors.get(stream.userId);
      if (current === undefined || stream.cursor < current) behindCursors.set(stream.userId, stream.cursor);
    }
    const behind: StreamCursor[] = [...behindCursors].map(([userId, afterId]) => ({ userId, afterId }));
    const users = [...new Set(participants.map((stream) => stream.userId))];
    const read = await this.repository.readForStreams(horizon, users, behind, readLimit);
    const freshTruncated = read.fresh.length === readLimit;
    const newHorizon = Math.max(horizon, freshTruncated ? read.fresh[read.fresh.length - 1]!.id : read.head);
    const freshByUser = groupByUser(read.fresh);
    const behindByUser = groupByUser(read.behind);
    let more = freshTruncated;
    for (const stream of participants) {
      if (stream.ended) continue;
      let text = '';
      const send = (events: LoggedEvent[] | undefined) => {
        for (const event of events ?? []) {
          if (event.id <= stream.cursor) continue;
          text += formatEvent(event);
          stream.cursor = event.id;
        }
      };
      if (stream.cursor < horizon) {
        const own = behindByUser.get(stream.userId) ?? [];
        send(own);
        if (own.length === readLimit) {
          // Still behind: the rest up to the horizon first, on the next turn; nothing newer before it.
          more = true;
          this.write(stream, text);
          continue;
        }
        stream.cursor = Math.max(stream.cursor, horizon);
      }
      send(freshByUser.get(stream.userId));
      // Nothing of this user up to the new horizon is left unsent; an id from the future (a forged or stale
      // Last-Event-ID beyond the log's head) comes back to the head, so the stream does not wait for it.
      stream.cursor = read.head >= horizon && stream.cursor > read.head ? read.head : Math.max(stream.cursor, newHorizon);
      this.write(stream, text);
    }
    // Idle again meanwhile (every stream closed): the next stream starts from the head, not from this horizon.
    if (this.byUser.size > 0) this.horizon = newHorizon;
    if (more) this.again = true;
  }

  private write(stream: Stream, text: string): void {
    if (!text || stream.ended) return;
    const keptUp = stream.sink.write(text);
    if (!keptUp) this.end(stream, 'slow-client');
  }

  private end(stream: Stream, reason: EndReason): void {
    if (stream.ended) return;
    try {
      stream.sink.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
      stream.sink.end();
    } catch {
      // The connection is gone already.
    }
    this.remove(stream);
  }

  private remove(stream: Stream): void {
    if (stream.ended) return;
    stream.ended = true;
    if (stream.expiry) clearTimeout(stream.expiry);
    this.streams.delete(stream);
    for (const topic of stream.topics) {
      const subscribers = this.byTopic.get(topic);
      if (!subscribers?.delete(stream) || subscribers.size > 0) continue;
      this.byTopic.delete(topic);
      this.tellTopic(topic, false);
    }
    const mine = stream.userId === null ? undefined : this.byUser.get(stream.userId);
    if (mine && stream.userId !== null) {
      const index = mine.indexOf(stream);
      if (index >= 0) mine.splice(index, 1);
      if (mine.length === 0) this.byUser.delete(stream.userId);
    }
    if (this.streams.size === 0) this.stopHeartbeat();
    if (this.byUser.size === 0) {
      // Idle, the hub reads nothing; the next stream starts from the head then, not from an old horizon.
      this.horizon = null;
    }
  }

  private tellTopic(topic: string, open: boolean): void {
    for (const observer of this.topicObservers) {
      try {
        observer(topic, open);
      } catch (error) {
        this.options.log?.warn({ err: error, topic }, 'topic observer failed');
      }
    }
  }

  private ensureListening(): void {
    if (this.unlisten || !this.listen) return;
    const listen = this.listen;
    this.unlisten = listen(USER_EVENTS_CHANNEL, () => this.wake()).then(
      (unlisten) => {
        // Anything committed before the LISTEN took effect is read now.
        this.wake();
        return unlisten;
      },
      (error: unknown) => {
        this.options.log?.warn({ err: error }, 'LISTEN for the event stream failed; streams read on each heartbeat');
        return null;
      },
    );
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of [...this.streams]) this.write(stream, ': ping\n\n');
      // Also a safety net: a NOTIFY lost with a dropped LISTEN connection costs at most one heartbeat.
      this.wake();
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

function groupByUser(events: LoggedEvent[]): Map<number, LoggedEvent[]> {
  const byUser = new Map<number, LoggedEvent[]>();
  for (const event of events) {
    const list = byUser.get(event.userId);
    if (list) list.push(event);
    else byUser.set(event.userId, [event]);
  }
  return byUser;
}
