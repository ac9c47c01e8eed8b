-- Saving a company's shifts took 4–5 s on the demo's 90 days (issue 32 item 11): the list was replaced by a delete
-- and an insert, each statement's trigger rebuilt the company's shift cells (twice per save, renames included), and
-- each rebuild read every 5-minute bucket of the company.
--
-- 1. A rebuild reads the hour rollup when every window boundary falls on a whole UTC hour (every zone whose offsets
--    are whole hours, DST days included): an hour bucket is then wholly inside or outside each window, and sum,
--    count, min, max and the last value are the same from twelve times fewer rows. Zones with half-hour or
--    45-minute offsets keep reading the 5-minute rollup.
-- 2. A writer that replaces a company's list sets `gearwatch.shift_rebuild` to `deferred` for its transaction and
--    calls rebuild_shift_rollup once at the end, only when the windows changed (ProductionShiftsRepository.replace);
--    any other writer still gets the rebuild from the triggers.

create or replace function rebuild_shift_rollup(company integer) returns void language plpgsql
-- A rebuild sorts a company's whole history at once: in memory, not in temporary files.
set work_mem = '64MB' as $$
declare
  tz text;
  first_day date;
  last_day date;
  whole_hours boolean;
begin
  perform pg_advisory_xact_lock(shift_rollup_lock_key(), company);
  delete from readings_shift where company_id = company;
  select c.timezone into tz from companies c where c.id = company;
  select min(d.day), max(d.day) into first_day, last_day from readings_day d where d.company_id = company;
  if tz is null or first_day is null or not exists (select 1 from production_shifts s where s.company_id = company) then
    return;
  end if;
  select coalesce(bool_and(date_trunc('hour', w.starts) = w.starts and date_trunc('hour', w.ends) = w.ends), true) into whole_hours
  from shift_windows(company, tz, first_day - 1, last_day) w;
  -- The same statement over either rollup: the hour one when it answers exactly, the 5-minute one otherwise.
  execute format($sql$
    insert into readings_shift (company_id, device_id, parameter_number, day, position, sum, count, min, max, last_ts, last_value)
    select $1, r.device_id, r.parameter_number, w.day, w.position, sum(r.sum), sum(r.count)::int, min(r.min), max(r.max), max(r.last_ts),
      (array_agg(r.last_value order by r.last_ts desc))[1]
    from %I r
    cross join lateral (values ((r.bucket at time zone $2)::date), ((r.bucket at time zone $2)::date - 1)) as c(day)
    join shift_windows($1, $2, $3, $4) w on w.day = c.day and r.bucket >= w.starts and r.bucket < w.ends
    where r.company_id = $1
    group by r.device_id, r.parameter_number, w.day, w.position$sql$, case when whole_hours then 'readings_hour' else 'readings_5min' end)
  using company, tz, first_day - 1, last_day;
end
$$;

-- Whether the current transaction's writer rebuilds the shift cells itself (see 2. above).
create function shift_rebuild_deferred() returns boolean language sql stable as $$
  select coalesce(current_setting('gearwatch.shift_rebuild', true), '') = 'deferred'
$$;

create or replace function production_shifts_inserted() returns trigger language plpgsql as $$
begin
  if shift_rebuild_deferred() then
    return null;
  end if;
  perform rebuild_shift_rollup(company_id) from (select distinct company_id from inserted_rows) as companies;
  return null;
end
$$;
create or replace function production_shifts_deleted() returns trigger language plpgsql as $$
begin
  if shift_rebuild_deferred() then
    return null;
  end if;
  perform rebuild_shift_rollup(company_id) from (select distinct company_id from deleted_rows) as companies;
  return null;
end
$$;
create or replace function production_shifts_updated() returns trigger language plpgsql as $$
begin
  if shift_rebuild_deferred() then
    return null;
  end if;
  perform rebuild_shift_rollup(company_id) from (select company_id from old_rows union select company_id from new_rows) as companies;
  return null;
end
$$;
