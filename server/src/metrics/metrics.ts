import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabasePoolStats } from '../db/database.ts';

/**
 * What the ingest service reports after each batch. Declared here, not imported from telemetry/, so the metrics layer
 * depends on no feature: the ingest service's observer option accepts this shape as it is.
 */
export interface IngestCounts {
  readings: number;
  duplicates: number;
  unassigned: number;
  positions: number;
  events: number;
}

export interface IngestMetricsObserver {
  committed(result: IngestCounts, seconds: number): void;
  failed(seconds: number): void;
}

/** Seconds; from a fast cached read to a slow report. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; an ingest batch holds up to 50,000 items. */
const BATCH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The instance's Prometheus metrics. One registry per instance (not prom-client's global one), so tests that build
 * several apps in one process do not share counters. Later features (job runner, mail outbox, event stream) add
 * their metrics here, beside the ones they describe.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'gearwatch_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'gearwatch_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  readonly ingestReadings = new Counter({
    name: 'gearwatch_ingest_readings_total',
    help: 'Readings taken by the ingest service, by outcome (stored, duplicate, unassigned)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly ingestItems = new Counter({
    name: 'gearwatch_ingest_items_total',
    help: 'Positions and events stored by the ingest service, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly ingestBatches = new Counter({
    name: 'gearwatch_ingest_batches_total',
    help: 'Ingest batches, by result (committed, failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly ingestBatchDuration = new Histogram({
    name: 'gearwatch_ingest_batch_duration_seconds',
    help: 'Time to store one ingest batch, from the service call to its commit',
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });

  constructor(options: { poolStats?: () => DatabasePoolStats | null; defaultMetrics?: boolean } = {}) {
    // Process metrics (RSS, heap, event-loop lag, CPU) are per process: tests building many apps turn them off.
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'gearwatch_' });
    const poolStats = options.poolStats;
    if (poolStats) {
      // Read at scrape time: the pool's own counters, nothing kept in between.
      new Gauge({
        name: 'gearwatch_db_pool_connections',
        help: 'Database pool connections by state (total, idle, waiting = callers queued for a connection)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const stats = poolStats();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
          this.set({ state: 'max' }, stats.max);
        },
      });
    }
  }

  readonly jobs = new Counter({
    name: 'gearwatch_jobs_total',
    help: 'Background jobs run by this instance, by kind and outcome (done, retry, failed, lost = another instance took it over)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'gearwatch_job_duration_seconds',
    help: 'Time to run one background job, its transaction included',
    labelNames: ['kind'] as const,
    buckets: [0.005, 0.02, 0.1, 0.5, 2, 10, 60],
    registers: [this.registry],
  });

  /** The open `GET /api/events` streams of this instance, read at scrape time (push/streams/hub.ts). */
  observeEventStreams(count: () => number): void {
    new Gauge({
      name: 'gearwatch_event_streams',
      help: 'Open event streams (GET /api/events) on this instance',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  /** Counts the job runner's outcomes (jobs/runner.ts). */
  jobObserver(): { finished(kind: string, outcome: string, seconds: number): void } {
    return {
      finished: (kind, outcome, seconds) => {
        this.jobs.inc({ kind, outcome });
        this.jobDuration.observe({ kind }, seconds);
      },
    };
  }

  /** Counts what the ingest service stored, for every path (HTTP, MQTT, the demo simulator). */
  ingestObserver(): IngestMetricsObserver {
    return {
      committed: (result, seconds) => {
        this.ingestBatches.inc({ result: 'committed' });
        this.ingestBatchDuration.observe(seconds);
        this.ingestReadings.inc({ outcome: 'stored' }, result.readings);
        this.ingestReadings.inc({ outcome: 'duplicate' }, result.duplicates);
        this.ingestReadings.inc({ outcome: 'unassigned' }, result.unassigned);
        this.ingestItems.inc({ kind: 'position' }, result.positions);
        this.ingestItems.inc({ kind: 'event' }, result.events);
      },
      failed: () => {
        this.ingestBatches.inc({ result: 'failed' });
      },
    };
  }
}
