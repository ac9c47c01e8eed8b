// The PGlite smoke set: the server test files that run again on the embedded engine when the whole API suite has run
// on PostgreSQL (scripts/test.mjs). They cover what PGlite could do differently from PostgreSQL: one connection
// inside one process (claims, locks, LISTEN/NOTIFY, transactions held open), a data directory on disk that must
// survive a crash, and the big statements (ingest, rollups, their reads). Tests that always use PGlite (migrations
// from scratch, the data directory's lock, the demo seed, create-admin, the PGlite variant of two-instances.ts) run
// in the main run already. docs/testing.md.
export const PGLITE_SMOKE_FILES = [
  // Every route of every feature, and so every repository behind them, with hostile inputs and tenancy checks.
  'server/test/route-harness.api.test.ts',
  // The ingest statement, its rejects and the rollups it feeds.
  'server/test/ingest.api.test.ts',
  'server/test/ingest-values.api.test.ts',
  'server/test/ingest-rollups.test.ts',
  // A PGlite data directory written by a server killed mid-ingest opens again with every acknowledged batch.
  'server/test/ingest-crash.test.ts',
  // The reads of the rollups: diagnostics, work summaries, report builders, live screens.
  'server/test/diagnostics.api.test.ts',
  'server/test/work-summaries.api.test.ts',
  'server/test/reports-generation.test.ts',
  'server/test/production-live.api.test.ts',
  // Leases and the alert engine's timers on the one connection. The job loop's claims (jobs, mail outbox, task
  // reminders, device status, reports) run on both engines in the main run already (two-instances.ts).
  'server/test/leases.test.ts',
  'server/test/alert-engine-timers.test.ts',
  // LISTEN/NOTIFY through PGlite's in-process listener: the change feed and the browsers' event stream.
  'server/test/alert-change-feed.test.ts',
  'server/test/events.api.test.ts',
  // Sign-in and sessions: the first thing a new installation does.
  'server/test/auth.api.test.ts',
];
