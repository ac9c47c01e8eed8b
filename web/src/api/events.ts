import type { ApiClient } from './client.ts';
import { SessionExpiredError } from './errors.ts';

/** One Server-Sent Event as it arrived: `data` is the text of its data lines (JSON for the API's events). */
export interface ServerSentEvent {
  id: string | null;
  type: string;
  data: string;
}

/**
 * The text/event-stream format (HTML Living Standard, "Server-sent events"): fed chunks as they arrive (a line or an
 * event may be split between chunks), it returns the events each chunk completes. Lines end in LF, CRLF or CR;
 * comment lines (`:`) and unknown fields are skipped; several `data` lines are joined with LF; a block without data
 * is not an event. `lastEventId` follows the `id` fields as the standard says (an id holding NUL is ignored).
 */
export class EventStreamParser {
  lastEventId: string | null = null;
  private buffer = '';
  private type = '';
  private data: string[] = [];
  private pendingCr = false;

  push(chunk: string): ServerSentEvent[] {
    let text = chunk;
    // A CR at the end of the previous chunk already ended its line: the LF that may follow it is not a new line.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\u0000')) this.lastEventId = value;
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const event = this.data.length > 0 ? { id: this.lastEventId, type: this.type || 'message', data: this.data.join('\n') } : null;
    this.type = '';
    this.data = [];
    return event;
  }
}

export interface EventStreamOptions {
  api: ApiClient;
  /** Each event of the API (the server's `end` control event is not passed on). */
  onEvent(event: ServerSentEvent): void;
  /**
   * The stream is open; `afterFailure` when it had dropped or failed before (the caller may refetch what it shows, in
   * case what was missed is older than the server's log keeps).
   */
  onOpen?(afterFailure: boolean): void;
  /** The stream dropped or could not be opened; it is retried. */
  onDown?(): void;
  /** Milliseconds before attempt n (1, 2, …) after a failure. */
  backoff?: (attempt: number) => number;
  path?: string;
  /** Sent without the session's token (a display link's stream: its token is in the path, and a TV's browser may hold an unrelated session). */
  anonymous?: boolean;
}

export interface EventStreamConnection {
  close(): void;
}

/** 1 s, 2 s, 4 s … up to 30 s, each with up to a quarter more at random so that clients do not return all at once. */
export const defaultBackoff = (attempt: number) => {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return base + Math.random() * base * 0.25;
};

/** After the server ended a stream itself (token expired, shutdown): back at once, only a breath of spread. */
const AFTER_END_MS = 250;

/**
 * `GET /api/events` read with fetch (the bearer header from the ApiClient; no token in a URL, which EventSource would
 * need), reconnecting by itself: after the server's `end` at once (a 401 on the way refreshes the session through the
 * ApiClient and replays), after a failure with the backoff. Each reconnect sends `Last-Event-ID`, so the server sends
 * what was missed once. Stops for good on close() or when the session has expired (the app goes to sign-in).
 */
export function connectEvents(options: EventStreamOptions): EventStreamConnection {
  const { api, path = '/api/events', backoff = defaultBackoff, anonymous = false } = options;
  let closed = false;
  let controller: AbortController | null = null;
  let wakeSleep: (() => void) | null = null;
  let lastEventId: string | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let failures = 0;
    let failed = false;
    while (!closed) {
      controller = new AbortController();
      let endedByServer = false;
      try {
        const headers: Record<string, string> = lastEventId ? { 'last-event-id': lastEventId } : {};
        const response = await api.stream(path, { signal: controller.signal, headers, accept: 'text/event-stream', anonymous });
        if (!response.body) throw new Error('event stream without a body');
        options.onOpen?.(failed);
        failed = false;
        failures = 0;
        const parser = new EventStreamParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const event of parser.push(value)) {
            if (event.id !== null) lastEventId = event.id;
            if (event.type === 'end') endedByServer = true;
            else options.onEvent(event);
          }
        }
      } catch (error) {
        if (closed) return;
        if (error instanceof SessionExpiredError) return;
      }
      if (closed) return;
      if (endedByServer) {
        await sleep(AFTER_END_MS);
        continue;
      }
      options.onDown?.();
      failed = true;
      failures++;
      await sleep(backoff(failures));
    }
  };
  void run();

  return {
    close() {
      closed = true;
      controller?.abort();
      wakeSleep?.();
    },
  };
}
