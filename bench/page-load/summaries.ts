/**
 * The dashboard's data calls (issue 20: a dashboard of the 7 monitors and the summary widgets loads under 1 s): the
 * API calls such a board makes for its widgets, sent together over at most six connections as a browser does
 * (HTTP/1.1 per host), on the demo company's 90 days of history, repeated --rounds times (p50/p95). The baseline,
 * measured in the same run on the same connections: a trivial query (`GET /api/users/current`, one row by key).
 * It prints ratios against the baseline, never a verdict for CI; the 1 s budget line is for reading.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/page-load/summaries.ts [--rounds 20] [--port N]
 *
 * The summary widgets measured are all nine: the work summaries (activity, efficiency, operators, shift work), the
 * device summaries (devices with alerts, devices summary, newest alerts through the alert list, hourly work) and the
 * newest tasks (through the tasks list).
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, NEWEST_ALERTS_MAX_COUNT, NEWEST_TASKS_MAX_COUNT } from '@gearwatch/contracts';
import { createScratchDatabase, flag } from '../support/scratch-database.ts';
import { percentile, signIn, startServer } from '../support/server.ts';

const ROUNDS = flag('rounds', 20);
/** --port N: the server's port (a free one by default). */
const PORT = flag('port', 0);
const BROWSER_CONNECTIONS = 6;

interface Call {
  widget: string;
  path: string;
}

interface Named {
  id: number;
  name: string;
}

/** One GET on the shared agent; resolves with its status after the whole body arrived. */
function get(agent: http.Agent, base: string, token: string, pathAndQuery: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathAndQuery}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}

async function readJson<T>(base: string, token: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${base}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo board's calls as the client makes them for the demo dashboard's selections, plus the summaries. */
async function boardCalls(base: string, token: string): Promise<Call[]> {
  const groups = (await readJson<{ entries: (Named & { devices: { id: number }[] })[] }>(base, token, '/api/devicegroups?page_size=1000')).entries;
  const crews = (await readJson<{ entries: Named[] }>(base, token, '/api/deviceoperatorgroups?page_size=1000')).entries;
  const group = (name: string) => {
    const found = groups.find((g) => g.name === name);
    if (!found) throw new Error(`the demo has no device group ${name}`);
    return found;
  };
  const forklifts = [group('Warehouse A forklifts'), group('Warehouse B forklifts')];
  const production = [group('Machining hall'), group('Assembly line')];
  const crew = crews.find((c) => c.name === 'Warehouse crew');
  if (!crew) throw new Error('the demo has no operator group Warehouse crew');
  const forkliftIds = forklifts.map((g) => g.id).join(',');
  const productionIds = production.map((g) => g.id).join(',');
  const productionDevices = [...new Set(production.flatMap((g) => g.devices.map((d) => d.id)))].join(',');
  const someForklifts = forklifts[0]!.devices.slice(0, 3).map((d) => d.id);
  // Today in the company's calendar, as the server has it.
  const today = (await readJson<{ period: { to: string } }>(base, token, `/api/summaries/activity?groups=${forkliftIds}`)).period.to;
  const day = `from=${today}&to=${today}`;
  return [
    { widget: 'work-activity', path: `/api/reports/factory/data?type=device-work-device-chart&groups=${forkliftIds}&interval=5min&${day}` },
    {
      widget: 'work-activity-shift',
      path: `/api/reports/factory/data?type=device-work-shift-chart&groups=${forkliftIds}&from=${addDays(today, -7)}&to=${today}`,
    },
    { widget: 'efficiency', path: `/api/devices/diagnostics/multiple?devices=${productionDevices}&parameterNumber=0&interval=hour&${day}` },
    { widget: 'geo', path: `/api/device/${someForklifts[0]}/locations?${day}` },
    { widget: 'device-parameter', path: `/api/devices/diagnostics/multiple?devices=${someForklifts.join(',')}&parameterNumber=20&interval=hour&${day}` },
    { widget: 'device-operator', path: `/api/deviceoperators/diagnostics/multiple?deviceOperatorsGroups=${crew.id}&interval=hour&${day}` },
    { widget: 'async', path: `/api/devices/diagnostics/async/multiple?devices=${someForklifts[0]}&parameterNumber=20,25,1&${day}` },
    // The summaries on their longest period: a month of every device of the groups.
    { widget: 'activity-summary', path: `/api/summaries/activity?groups=${forkliftIds},${productionIds}&period=this-month` },
    { widget: 'efficiency-summary', path: `/api/summaries/efficiency?groups=${productionIds}&period=this-month` },
    { widget: 'operator-summary', path: `/api/summaries/operators?deviceOperatorsGroups=${crew.id}&period=this-month` },
    { widget: 'shift-work-summary', path: `/api/summaries/shift-work?groups=${forkliftIds}&period=this-month` },
    { widget: 'devices-with-alerts', path: '/api/summaries/devices-with-alerts?period=this-month&sort=work-desc' },
    // Every device of the company, as the widget asks while none is chosen.
    { widget: 'devices-summary', path: '/api/summaries/devices-summary' },
    // The newest-alerts widget at its largest count, every importance.
    { widget: 'newest-alerts', path: `/api/alerts?page_size=${NEWEST_ALERTS_MAX_COUNT}&sort=-createdAt` },
    // The newest-tasks widget at its largest count, the open ones (its default).
    { widget: 'newest-tasks', path: `/api/tasks?page_size=${NEWEST_TASKS_MAX_COUNT}&sort=-createdAt&filter=${encodeURIComponent('{"status":"open"}')}` },
    { widget: 'hourly-work-distribution', path: `/api/summaries/hourly-work?deviceGroups=${forkliftIds},${productionIds}&period=this-month&intervalHours=1` },
  ];
}

function line(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label.padEnd(24)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms`;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_board');
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'gw-board-calls-')), 'server.log');
  process.stdout.write(`Starting the server with the demo on a scratch database (log: ${logFile})...\n`);
  const server = await startServer({ databaseUrl: scratch.url, logFile, ...(PORT > 0 ? { port: PORT } : {}) });
  const agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS });
  try {
    const token = await signIn(server.url, 'demo', 'demo');
    const calls = await boardCalls(server.url, token);
    const perCall = new Map<string, number[]>(calls.map((c) => [c.widget, []]));
    const board: number[] = [];
    const baseline: number[] = [];
    const timed = async (call: Call) => {
      const started = performance.now();
      const status = await get(agent, server.url, token, call.path);
      if (status !== 200) throw new Error(`${call.widget}: ${status} for ${call.path}`);
      perCall.get(call.widget)!.push(performance.now() - started);
    };
    for (let round = -2; round < ROUNDS; round++) {
      const started = performance.now();
      await Promise.all(calls.map(timed));
      const boardMs = performance.now() - started;
      const trivialStarted = performance.now();
      if ((await get(agent, server.url, token, '/api/users/current')) !== 200) throw new Error('the baseline call failed');
      const trivialMs = performance.now() - trivialStarted;
      // Two rounds warm the connections and the server's caches, as a returning user's board is.
      if (round >= 0) {
        board.push(boardMs);
        baseline.push(trivialMs);
      } else for (const samples of perCall.values()) samples.length = 0;
    }
    // Each call alone, one after another: its own cost, without the wait for a connection the board's order gives it.
    const alone = new Map<string, number[]>();
    for (const call of calls) {
      const samples: number[] = [];
      for (let i = 0; i < Math.max(5, Math.round(ROUNDS / 2)); i++) {
        const started = performance.now();
        if ((await get(agent, server.url, token, call.path)) !== 200) throw new Error(`${call.widget} failed alone`);
        samples.push(performance.now() - started);
      }
      alone.set(call.widget, samples);
    }
    const p50 = (samples: number[]) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        50,
      );
    process.stdout.write(
      [
        '',
        `Board data calls: ${calls.length} widgets over ${BROWSER_CONNECTIONS} connections, ${ROUNDS} rounds; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
        line('all calls of the board', board),
        line('baseline: trivial query', baseline),
        `ratio board / trivial query (p50): ${(p50(board) / p50(baseline)).toFixed(1)}`,
        `budget: board data p50 under 1000 ms: ${p50(board) < 1000 ? 'held' : 'NOT held'}`,
        '',
        'Each call (in the parallel board; includes waiting for a free connection):',
        ...[...perCall]
          .sort((a, b) => p50(b[1]) - p50(a[1]))
          .map(([widget, samples]) => `  ${line(widget, samples)}   ×${(p50(samples) / p50(baseline)).toFixed(1)}`),
        '',
        'Each call alone (sequential):',
        ...[...alone]
          .sort((a, b) => p50(b[1]) - p50(a[1]))
          .map(([widget, samples]) => `  ${line(widget, samples)}   ×${(p50(samples) / p50(baseline)).toFixed(1)}`),
        '',
      ].join('\n'),
    );
  } finally {
    agent.destroy();
    await server.stop();
    await scratch.drop();
  }
}

await main();
