/**
 * The clients of bench/production/live-screens.ts, in a process of their own so the server's CPU is measured alone:
 * the modules of 100 devices sending a batch each every `intervalMs` through `POST /api/ingest`, and the live screens
 * (display-link streams). For every reading it records when its ingest call answered (the batch committed), and
 * for the screen showing its device when a state arrived whose line of that device has `lastDataAt` at or after it.
 */
import http from 'node:http';
import { SseTestClient } from '../../server/test/sse-client.ts';

interface Device {
  id: number;
  serial: string;
}
type Message =
  | { kind: 'setup'; url: string; devices: Device[] }
  | { kind: 'open'; tokens: string[] }
  | { kind: 'close' }
  | { kind: 'run'; durationMs: number; intervalMs: number }
  | { kind: 'stop' };

const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
let url = '';
let devices: Device[] = [];
let screens: SseTestClient[] = [];
/** Readings not yet seen on a screen, by device: their timestamp and when their ingest call answered. */
const pending = new Map<number, { ts: number; answered: number }[]>();
let latencies: number[] = [];
let measuring = false;

function post(device: Device, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/ingest`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${device.serial}:CODE`).toString('base64')}` },
      },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(now()) : reject(new Error(`ingest answered ${response.statusCode}`))));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Each device sends a batch (work, active, a count) every intervalMs, spread evenly over the interval. */
async function run(durationMs: number, intervalMs: number): Promise<{ batches: number; failed: number }> {
  const end = Date.now() + durationMs;
  let batches = 0;
  let failed = 0;
  await Promise.all(
    devices.map(async (device, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * intervalMs) / devices.length));
      while (Date.now() < end) {
        const started = Date.now();
        const ts = started;
        const body = JSON.stringify({
          readings: [
            { p: 1, t: ts, v: 2 },
            { p: 2, t: ts, v: 2 },
            { p: 3, t: ts, v: 1 },
          ],
        });
        try {
          const answered = await post(device, body);
          batches++;
          if (measuring && screens.length > 0) {
            const list = pending.get(device.id) ?? [];
            list.push({ ts, answered });
            pending.set(device.id, list);
          }
        } catch {
          failed++;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - started))));
      }
    }),
  );
  return { batches, failed };
}

function watch(client: SseTestClient): void {
  client.onEvent = (event) => {
    if (event.type !== 'production-view') return;
    const at = now();
    const state = event.data as { lines: { deviceId: number | null; lastDataAt: string | null }[] };
    for (const line of state.lines) {
      if (line.deviceId === null || line.lastDataAt === null) continue;
      const list = pending.get(line.deviceId);
      if (!list?.length) continue;
      const shown = Date.parse(line.lastDataAt);
      const left = list.filter((reading) => {
        if (reading.ts > shown) return true;
        // The NOTIFY can beat the HTTP answer to the client: that is a latency of 0, not a negative one.
        latencies.push(Math.max(0, at - reading.answered));
        return false;
      });
      pending.set(line.deviceId, left);
    }
  };
}

process.on('message', (message: Message) => {
  void (async () => {
    if (message.kind === 'setup') {
      url = message.url;
      devices = message.devices;
      process.send!({ kind: 'ready' });
    } else if (message.kind === 'open') {
      screens = await Promise.all(message.tokens.map((token) => SseTestClient.openPath(url, `/api/display/${token}/events`, null)));
      // Each screen's first state (sent at once on opening).
      await Promise.all(screens.map((screen) => screen.next(30_000)));
      for (const screen of screens) watch(screen);
      process.send!({ kind: 'opened', count: screens.filter((s) => s.status === 200).length });
    } else if (message.kind === 'close') {
      for (const screen of screens) screen.close();
      screens = [];
      pending.clear();
      process.send!({ kind: 'closed' });
    } else if (message.kind === 'run') {
      latencies = [];
      pending.clear();
      measuring = true;
      const result = await run(message.durationMs, message.intervalMs);
      measuring = false;
      // Readings of the last moments: a few seconds for their states to arrive.
      const deadline = Date.now() + 15_000;
      while ([...pending.values()].some((list) => list.length > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const unseen = [...pending.values()].reduce((n, list) => n + list.length, 0);
      process.send!({ kind: 'ran', ...result, latencies, unseen: screens.length > 0 ? unseen : 0 });
    } else if (message.kind === 'stop') {
      for (const screen of screens) screen.close();
      agent.destroy();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
});
