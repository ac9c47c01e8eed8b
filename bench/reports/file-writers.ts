/**
 * Memory and speed of the report file writers (docs/reports.md): a year of 5-minute work details for 24 devices
 * (24 × 365 × 288 = 2,522,880 rows, a section per device and day, as the work-details builder writes them) streamed
 * through the CSV and xlsx writers, against a baseline measured in the same run: the same rows joined into plain CSV
 * text by hand and written to the same output. The issue asks that server RSS grow by less than 200 MB while a year
 * of work details is written; the writers must hold a page or a chunk, never the file.
 *
 * RSS is sampled every 50 ms; growth is the peak during a phase over the RSS at its start (after a GC). The output
 * takes each chunk on the next turn of the event loop and drops it, so the writers' own memory is what is measured,
 * with their back-pressure exercised. A PDF of `--pdf-rows` rows is written too (PDF is for summaries, not details).
 *
 *   npm run bench:reports                (node --expose-gc --import tsx bench/reports/file-writers.ts)
 *   npm run bench:reports -- --devices 24 --days 365 --pdf-rows 20000
 */
import { Writable } from 'node:stream';
import type { ReportCell, ReportColumn, ReportFormat } from '@gearwatch/contracts';
import { createReportFileWriter } from '../../server/src/reports/writers/index.ts';
import { flag, formatRate } from '../support/scratch-database.ts';

const DEVICES = flag('devices', 24);
const DAYS = flag('days', 365);
const PDF_ROWS = flag('pdf-rows', 20_000);
const SLOTS = 288;
const CHUNK = 2_000;
const LIMIT_MB = 200;
/** `--only xlsx` measures the baseline and that format alone. */
const ONLY = (() => {
  const index = process.argv.indexOf('--only');
  return index >= 0 ? (process.argv[index + 1] ?? '') : '';
})();
const TRACE = process.argv.includes('--trace');

const COLUMNS: ReportColumn[] = [
  { key: 'time', title: 'reports.column.time', kind: 'datetime' },
  { key: 'work', title: 'reports.column.work', kind: 'duration' },
  { key: 'active', title: 'reports.column.active', kind: 'duration' },
  { key: 'counter', title: 'reports.column.counter', kind: 'count' },
  { key: 'operator', title: 'reports.column.operator', kind: 'text' },
];
const OPERATORS = ['Kowalski Jan', 'Bērziņš Jānis', 'Иванов Иван', null];
const TIMES = Array.from({ length: SLOTS }, (_, slot) => `${String(Math.floor(slot / 12)).padStart(2, '0')}:${String((slot % 12) * 5).padStart(2, '0')}`);

function dayString(day: number): string {
  return new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
}

/** The sections of the work details, a day of one device each, at most `limit` rows in all. */
function* sections(limit: number): Generator<{ title: string; rows: ReportCell[][] }> {
  let left = limit;
  for (let day = 0; day < DAYS && left > 0; day += 1) {
    const date = dayString(day);
    for (let device = 1; device <= DEVICES && left > 0; device += 1) {
      const count = Math.min(SLOTS, left);
      const rows: ReportCell[][] = [];
      for (let slot = 0; slot < count; slot += 1) {
        const active = (slot + device) % 7 === 0 ? 0 : 300;
        rows.push([
          `${date}T${TIMES[slot]}`,
          Math.min(active, ((slot * 37 + device * 11) % 301) | 0),
          active,
          (slot * device) % 17,
          OPERATORS[(slot + day) % 4] ?? null,
        ]);
      }
      left -= count;
      yield { title: `Urządzenie ${device} · ${date}`, rows };
    }
  }
}

/** An output that drops what it gets, taking each chunk on the next turn of the loop; it counts the bytes. */
function nullOutput(): { output: Writable; bytes: () => number } {
  let bytes = 0;
  const output = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      setImmediate(callback);
    },
  });
  return { output, bytes: () => bytes };
}

async function baseline(output: Writable, limit: number): Promise<void> {
  const field = (value: ReportCell) => (value === null ? '' : String(value));
  for (const section of sections(limit)) {
    let text = `${section.title}\r\n`;
    for (const row of section.rows) text += row.map(field).join(',') + '\r\n';
    if (!output.write(text)) await new Promise((resolve) => output.once('drain', resolve));
  }
  await new Promise<void>((resolve) => output.end(resolve));
}

async function viaWriter(format: ReportFormat, output: Writable, limit: number): Promise<void> {
  const writer = createReportFileWriter(format, output, {
    language: 'pl',
    scope: { companyId: 1, timezone: 'Europe/Warsaw' },
    title: 'Szczegóły pracy 2025',
    period: { from: '2025-01-01', to: dayString(DAYS - 1) },
    type: 'device-work-details-report',
  });
  for (const section of sections(limit)) {
    await writer.section({ title: section.title, columns: COLUMNS, totals: false });
    for (let index = 0; index < section.rows.length; index += CHUNK) await writer.rows(section.rows.slice(index, index + CHUNK));
  }
  await writer.end({ empty: false });
}

interface Result {
  name: string;
  rows: number;
  seconds: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
  fileMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

async function measure(name: string, rows: number, run: (output: Writable) => Promise<void>): Promise<Result> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  let samples = 0;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    samples += 1;
    // `--trace`: RSS, heap and Buffer memory every 5 s, to see whether growth levels off or keeps climbing.
    if (TRACE && samples % 100 === 0) {
      console.log(
        `  ${name} ${(samples / 20).toFixed(0)} s: RSS +${mb(now.rss - start.rss).toFixed(0)} MB, heap +${mb(now.heapUsed - start.heapUsed).toFixed(0)} MB, buffers ${mb(now.arrayBuffers).toFixed(0)} MB`,
      );
    }
  }, 50);
  const { output, bytes } = nullOutput();
  const began = performance.now();
  await run(output);
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const result = { name, rows, seconds, rssGrowthMb: mb(peakRss - start.rss), heapGrowthMb: mb(peakHeap - start.heapUsed), fileMb: mb(bytes()) };
  console.log(
    `${name.padEnd(14)} ${rows.toLocaleString('en-US').padStart(10)} rows  ${result.seconds.toFixed(1).padStart(6)} s  ${formatRate(rows / seconds).padStart(11)}  ` +
      `RSS +${result.rssGrowthMb.toFixed(0).padStart(4)} MB  heap +${result.heapGrowthMb.toFixed(0).padStart(4)} MB  file ${result.fileMb.toFixed(1)} MB`,
  );
  return result;
}

async function main() {
  const rows = DEVICES * DAYS * SLOTS;
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for growth measured from a collected heap)');
  console.log(`Work details: ${DEVICES} devices × ${DAYS} days × ${SLOTS} five-minute rows = ${rows.toLocaleString('en-US')} rows, ${DEVICES * DAYS} sections`);
  const base = await measure('baseline CSV', rows, (output) => baseline(output, rows));
  const results: Result[] = [];
  for (const format of ['csv', 'xlsx', 'pdf'] as const) {
    if (ONLY && ONLY !== format) continue;
    const count = format === 'pdf' ? Math.min(PDF_ROWS, rows) : rows;
    results.push(await measure(`${format} writer`, count, (output) => viaWriter(format, output, count)));
  }
  console.log('');
  for (const result of results) {
    const ratio = base.rows / base.seconds / (result.rows / result.seconds);
    const growth = result.rssGrowthMb - base.rssGrowthMb;
    const verdict = result.rssGrowthMb < LIMIT_MB ? 'within' : 'OVER';
    console.log(
      `${result.name}: ${ratio.toFixed(1)}× the baseline's time per row; RSS growth ${result.rssGrowthMb.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB over the baseline), ${verdict} the ${LIMIT_MB} MB limit`,
    );
  }
  if (results.some((result) => result.rssGrowthMb >= LIMIT_MB)) process.exitCode = 1;
}

await main();
