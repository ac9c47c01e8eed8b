-- The production device work matrix's cells of closed local days (issue 18, docs/reports.md "The work matrix").
-- A row is one device's work (parameter 1) per quarter hour of one local date of its company, in the zone named by
-- `timezone`: 96 cells, 92 or 100 on the days clocks change, as the JSON array of work seconds the server wrote (each
-- number in its shortest exact form, read back exactly; returned as it is stored, which is several times faster to
-- read than float8[] or bytea); `[]` when the date had no work reading at all.
-- It is a cache, not a rollup: the report writes a row the first time it reads a date that has ended, from the
-- 5-minute rollup, and the ingest statement deletes the rows of the dates a batch adds work readings to (a late
-- reading), so a row that exists always equals the 5-minute rollup. Reading a month of 50 devices is then 1,500 rows
-- instead of ~430,000 five-minute rows grouped per request (docs/performance.md). The report's fill and the ingest
-- statement take the device's session lock (shared / exclusive), so a fill never stores cells computed before a
-- batch that commits after it. A row of another zone than the company's is not read (and is overwritten when the
-- date is filled again), so a change of the company's zone never shows cells of the old one.
create table work_quarter_days (
  company_id integer not null,
  device_id integer not null,
  day date not null,
  timezone text not null,
  work text not null,
  primary key (device_id, day),
  foreign key (company_id, device_id) references devices (company_id, id) on delete cascade
);

-- The class (first key) of the per-device advisory lock an ingest batch holds exclusively until it commits
-- (SESSION_LOCK_CLASS of telemetry/operator-sessions-repository.ts; a test keeps the two equal). The report takes it
-- shared to fill rows, naming it through this function rather than reaching into the telemetry feature.
create function device_batch_lock_class() returns integer language sql immutable as $$ select 720431 $$;
