-- Work (1) and active (2) of each operator session per UTC hour (docs/decisions/010-operator-session-hours.md).
-- The companion of operator_session_days (migration 006), kept the same way: by the ingest statement for readings of
-- a device with sessions, and recomputed from the 5-minute rollup for the sessions a rebuild writes, both under the
-- device's session lock. A 5-minute bucket counts for the session its start lies in, in the hour it starts in. The
-- operator call reads it for hours, and for days, months and years of operators in different timezones whose offsets
-- are whole hours: a month of a group of 20 is ~15,000 rows here instead of ~100,000 rollup rows.
-- `work` / `active` are null when no reading of that parameter fell into the session in that hour.
create table operator_session_hours (
  session_id bigint not null references operator_sessions (id) on delete cascade,
  company_id integer not null,
  hour timestamptz not null,
  work double precision,
  active double precision,
  primary key (session_id, hour)
);

insert into operator_session_hours (session_id, company_id, hour, work, active)
select s.id, s.company_id, date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00'),
  sum(r.sum) filter (where r.parameter_number = 1), sum(r.sum) filter (where r.parameter_number = 2)
from operator_sessions s
join readings_5min r on r.device_id = s.device_id and r.parameter_number in (1, 2)
  and r.bucket >= s.started_at and r.bucket < coalesce(s.ended_at, 'infinity'::timestamptz)
group by s.id, s.company_id, date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00');

-- The operator call reads a company's hours of a range, then joins them to the operators' sessions.
create index operator_session_hours_company_hour on operator_session_hours (company_id, hour);
analyze operator_session_hours;
