import http from 'node:http';

/** One Server-Sent Event as a test reads it. */
export interface ReadEvent {
  id: string | null;
  type: string;
  data: unknown;
}

/**
 * A `GET /api/events` client for tests and benches: the bearer header (as the web client sends it), the body
 * read as it arrives and parsed into events. `next()` waits for the next event (comments and the retry field skipped).
 */
export class SseTestClient {
  readonly events: ReadEvent[] = [];
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  /** The body of a refused stream (any status but 200), once read. */
  refusal: unknown = null;
  ended = false;
  /** How many heartbeat comments (`: ping`) have arrived: an event read before the first came without the heartbeat's read. */
  heartbeats = 0;
  private request: http.ClientRequest | null = null;
  private waiters: (() => void)[] = [];
  private consumed = 0;
  private buffer = '';
  /** Called with each event as it arrives (benches time them). */
  onEvent: ((event: ReadEvent) => void) | null = null;

  /**
   * Opens the stream on a connection of its own (no keep-alive pool: a dropped stream leaves no idle connection behind
   * that would hold the server's close).
   */
  static async open(baseUrl: string, token: string, lastEventId?: number | string): Promise<SseTestClient> {
    return SseTestClient.openPath(baseUrl, '/api/events', token, lastEventId);
  }

  /** Opens another stream path (`/api/events?productionView=`, a display link's `/api/display/{token}/events`); no token: no authorization header. */
  static async openPath(baseUrl: string, path: string, token: string | null, lastEventId?: number | string): Promise<SseTestClient> {
    const client = new SseTestClient();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      client.request = http.get(`${baseUrl}${path}`, { headers, agent: false }, resolve);
      client.request.on('error', reject);
    });
    client.status = response.statusCode ?? 0;
    client.headers = response.headers;
    if (client.status === 200) void client.read(response);
    else {
      let text = '';
      for await (const chunk of response as AsyncIterable<Buffer>) text += chunk.toString('utf8');
      client.refusal = text && /json/.test(response.headers['content-type'] ?? '') ? (JSON.parse(text) as unknown) : text;
      client.ended = true;
    }
    return client;
  }

  private async read(body: http.IncomingMessage): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          this.parse(block);
        }
      }
    } catch {
      // Aborted.
    }
    this.ended = true;
    this.notify();
  }

  private parse(block: string): void {
    let id: string | null = null;
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        if (line === ': ping') this.heartbeats++;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const event = { id, type, data: JSON.parse(data.join('\n')) as unknown };
    this.events.push(event);
    this.onEvent?.(event);
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** The next event not yet taken with next(), waiting up to `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<ReadEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.consumed >= this.events.length) {
      if (this.ended) throw new Error('stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events[this.consumed++]!;
  }

  /** Waits for the stream to end (by the server), up to `timeoutMs`. */
  async closed(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('stream still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Drops the connection (as a network failure would). */
  close(): void {
    this.request?.destroy();
  }
}
