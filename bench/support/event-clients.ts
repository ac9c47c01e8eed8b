/**
 * The clients of bench/events.ts, in a process of their own so that the server's memory is measured alone: opens
 * one `GET /api/events` stream per token it is sent and reports, for every alert event, when the first and the last
 * of the streams received it (performance.timeOrigin + now(), comparable across processes on one machine).
 */
import { SseTestClient } from '../../server/test/sse-client.ts';

interface Start {
  url: string;
  tokens: string[];
}

const arrivals = new Map<string, { first: number; last: number; count: number }>();
let clients: SseTestClient[] = [];

const now = () => performance.timeOrigin + performance.now();

process.on('message', (message: Start | 'stop') => {
  if (message === 'stop') {
    for (const client of clients) client.close();
    process.exit(0);
  }
  void open(message);
});

async function open({ url, tokens }: Start): Promise<void> {
  const opened: SseTestClient[] = [];
  for (let i = 0; i < tokens.length; i += 50) {
    opened.push(...(await Promise.all(tokens.slice(i, i + 50).map((token) => SseTestClient.open(url, token)))));
  }
  clients = opened;
  const failed = clients.filter((c) => c.status !== 200).length;
  for (const client of clients) {
    client.onEvent = (event) => {
      if (event.type !== 'alert') return;
      const data = event.data as { alertId: number; kind: string };
      const key = `${data.alertId}:${data.kind}`;
      const at = now();
      const seen = arrivals.get(key) ?? { first: at, last: at, count: 0 };
      seen.count++;
      seen.last = at;
      arrivals.set(key, seen);
      if (seen.count === clients.length) process.send?.({ kind: 'all', alertId: data.alertId, alertKind: data.kind, first: seen.first, last: seen.last });
    };
  }
  process.send?.({ kind: 'opened', count: clients.length, failed });
}
