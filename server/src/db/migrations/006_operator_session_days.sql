-- Work (1) and active (2) of each operator session per local date of the company (docs/decisions/009-month-and-shift-rollups.md).
-- A 5-minute bucket counts for the session its start lies in, on the local date it starts on. Kept by the ingest
-- statement for readings of a device with sessions, and recomputed from the 5-minute rollup for the sessions a
-- rebuild writes; both hold the device's session lock. The operator call reads it for days, months and years: a
-- month of a group of 20 is ~2,000 rows here instead of ~100,000 rollup rows inside the sessions.
-- `work` / `active` are null when no reading of that parameter fell into the session on that date.
create table operator_session_days (
  session_id bigint not null references operator_sessions (id) on delete cascade,
  company_id integer not null,
  day date not null,
  work double precision,
  active double precision,
  primary key (session_id, day)
);

insert into operator_session_days (session_id, company_id, day, work, active)
select s.id, s.company_id, (r.bucket at time zone c.timezone)::date,
  sum(r.sum) filter (where r.parameter_number = 1), sum(r.sum) filter (where r.parameter_number = 2)
from operator_sessions s
join companies c on c.id = s.company_id
join readings_5min r on r.device_id = s.device_id and r.parameter_number in (1, 2)
  and r.bucket >= s.started_at and r.bucket < coalesce(s.ended_at, 'infinity'::timestamptz)
group by s.id, s.company_id, (r.bucket at time zone c.timezone)::date;
