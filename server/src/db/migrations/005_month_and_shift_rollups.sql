-- Month and shift rollups (docs/decisions/009-month-and-shift-rollups.md). Both are kept by the ingest statement like
-- the 5-minute, hour and day rollups, so a committed batch is reflected in every level. They exist because measured
-- at 50 million readings, combining a year of day rows per request (months, years) and grouping a week of hour rows
-- into shift windows per request (shifts, the factory shift chart) took 100–700 ms (docs/performance.md).

-- Months of the company's local calendar: `month` is the first local date of the month.
create table readings_month (
  company_id integer not null,
  device_id integer not null,
  parameter_number integer not null,
  month date not null,
  sum double precision not null,
  count integer not null,
  min double precision not null,
  max double precision not null,
  last_ts timestamptz not null,
  last_value double precision not null,
  primary key (device_id, parameter_number, month)
);

-- Production shift cells: the 5-minute buckets inside the window of shift `position` that starts on local date `day`
-- (a night shift belongs to the date it starts on). It always reflects the company's current production_shifts:
-- a change of the shifts rebuilds the company's rows in the same transaction (the trigger below).
create table readings_shift (
  company_id integer not null,
  device_id integer not null,
  parameter_number integer not null,
  day date not null,
  position smallint not null,
  sum double precision not null,
  count integer not null,
  min double precision not null,
  max double precision not null,
  last_ts timestamptz not null,
  last_value double precision not null,
  primary key (device_id, parameter_number, day, position)
);
create index readings_shift_company on readings_shift (company_id);

-- The windows of a company's shifts for the local dates first..last: [date + start hour, (next date when the end
-- hour is not after the start hour) + end hour) in the company's timezone. The one definition both the ingest
-- statement and the rebuild use; `timestamp at time zone` reads a repeated wall time as the later instant and a
-- skipped one with the offset before the change, as ZoneClock.startOf does for the windows the server plans.
create function shift_windows(company integer, tz text, first date, last date)
returns table (day date, "position" smallint, starts timestamptz, ends timestamptz)
language sql stable as $$
  select g.day::date, s.position,
    (g.day::date + make_interval(hours => s.hour_start::int)) at time zone tz,
    ((case when s.hour_end <= s.hour_start then g.day::date + 1 else g.day::date end) + make_interval(hours => s.hour_end::int)) at time zone tz
  from production_shifts s
  cross join generate_series(first::timestamp, last::timestamp, interval '1 day') as g(day)
  where s.company_id = company
$$;

-- Arbitrary constant, the first key of the per-company advisory lock: ingest batches hold it shared for their
-- transaction, a rebuild exclusively, so a batch never writes shift cells of definitions a rebuild is replacing.
create function shift_rollup_lock_key() returns integer language sql immutable as $$ select 720431005 $$;

-- Recomputes a company's shift cells from its 5-minute rollup (every timezone: half-hour offsets included).
create function rebuild_shift_rollup(company integer) returns void language plpgsql as $$
declare
  tz text;
  first_day date;
  last_day date;
begin
  perform pg_advisory_xact_lock(shift_rollup_lock_key(), company);
  delete from readings_shift where company_id = company;
  select c.timezone into tz from companies c where c.id = company;
  select min(d.day), max(d.day) into first_day, last_day from readings_day d where d.company_id = company;
  if tz is null or first_day is null then
    return;
  end if;
  insert into readings_shift (company_id, device_id, parameter_number, day, position, sum, count, min, max, last_ts, last_value)
  select company, r.device_id, r.parameter_number, w.day, w.position, sum(r.sum), sum(r.count)::int, min(r.min), max(r.max), max(r.last_ts),
    (array_agg(r.last_value order by r.last_ts desc))[1]
  from readings_5min r
  cross join lateral (values ((r.bucket at time zone tz)::date), ((r.bucket at time zone tz)::date - 1)) as c(day)
  join shift_windows(company, tz, first_day - 1, last_day) w on w.day = c.day and r.bucket >= w.starts and r.bucket < w.ends
  where r.company_id = company
  group by r.device_id, r.parameter_number, w.day, w.position;
end
$$;

-- One trigger per event: a trigger with transition tables may name only one event. Statement level, so replacing
-- all of a company's shifts rebuilds its cells once.
create function production_shifts_inserted() returns trigger language plpgsql as $$
begin
  perform rebuild_shift_rollup(company_id) from (select distinct company_id from inserted_rows) as companies;
  return null;
end
$$;
create function production_shifts_deleted() returns trigger language plpgsql as $$
begin
  perform rebuild_shift_rollup(company_id) from (select distinct company_id from deleted_rows) as companies;
  return null;
end
$$;
create function production_shifts_updated() returns trigger language plpgsql as $$
begin
  perform rebuild_shift_rollup(company_id) from (select company_id from old_rows union select company_id from new_rows) as companies;
  return null;
end
$$;

create trigger production_shifts_inserted after insert on production_shifts
  referencing new table as inserted_rows for each statement execute function production_shifts_inserted();
create trigger production_shifts_deleted after delete on production_shifts
  referencing old table as deleted_rows for each statement execute function production_shifts_deleted();
create trigger production_shifts_updated after update on production_shifts
  referencing old table as old_rows new table as new_rows for each statement execute function production_shifts_updated();

-- Existing data: months from the day rollup, shift cells from the 5-minute rollup.
insert into readings_month (company_id, device_id, parameter_number, month, sum, count, min, max, last_ts, last_value)
select company_id, device_id, parameter_number, date_trunc('month', day::timestamp)::date, sum(sum), sum(count)::int, min(min), max(max), max(last_ts),
  (array_agg(last_value order by last_ts desc))[1]
from readings_day
group by device_id, parameter_number, company_id, date_trunc('month', day::timestamp);

select rebuild_shift_rollup(id) from companies;
