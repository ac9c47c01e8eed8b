-- Stored reading values brought within the ranges ingest accepts since issue 31 (docs/ingest.md "Values",
-- contracts INGEST_LIMITS): work (parameter 1) and active time (2) 0…86,400 s a reading, every other value ±1e12.
-- Older versions stored any finite number. Such a value (±1e308) overflowed a rollup sum on the next reading of its
-- period, and the reads that add rollup rows together (a year of months, a fleet's days, an operator's sessions)
-- or divide by them (efficiency) failed with it. Every value beyond the range is set to the nearest one inside it:
-- a raw reading and a rollup's min, max and last value to the range, a rollup's sum to what its count of accepted
-- readings could add up to, an operator session's work and activity of a day (an hour) to 86,400 s for each of its
-- milliseconds, the most its readings can add up to. Nothing else changes and running it again changes nothing, so
-- afterwards every stored value is one the ingest could have written, and no read can overflow on one.

update readings set value = case when parameter_number in (1, 2) then least(greatest(value, 0), 86400) else least(greatest(value, -1e12), 1e12) end
where case when parameter_number in (1, 2) then value < 0 or value > 86400 else abs(value) > 1e12 end;

update unassigned_readings set value = case when parameter_number in (1, 2) then least(greatest(value, 0), 86400) else least(greatest(value, -1e12), 1e12) end
where case when parameter_number in (1, 2) then value < 0 or value > 86400 else abs(value) > 1e12 end;

-- The work matrix's cache copies work seconds from the 5-minute rollup: the rows of the devices whose work changes
-- below are deleted, and filled again from the corrected rollup when a report reads them.
delete from work_quarter_days q where q.device_id in (
  select device_id from readings_5min
  where parameter_number = 1 and (sum not between 0 and 86400 * count or min < 0 or max > 86400 or last_value not between 0 and 86400)
);

-- The five rollups alike; %2$s and %3$s are the range of one reading of the row's parameter.
do $$
declare
  rollup text;
begin
  foreach rollup in array array['readings_5min', 'readings_hour', 'readings_day', 'readings_month', 'readings_shift'] loop
    execute format($sql$
      update %1$I set
        sum = least(greatest(sum, %2$s * count), %3$s * count),
        min = least(greatest(min, %2$s), %3$s),
        max = least(greatest(max, %2$s), %3$s),
        last_value = least(greatest(last_value, %2$s), %3$s)
      where sum not between %2$s * count and %3$s * count or min < %2$s or max > %3$s or last_value not between %2$s and %3$s
    $sql$, rollup, '(case when parameter_number in (1, 2) then 0 else -1e12 end)::float8', '(case when parameter_number in (1, 2) then 86400 else 1e12 end)::float8');
  end loop;
end
$$;

-- Null stays null: it means the session had no reading of that kind on that day or hour.
update operator_session_days set
  work = case when work is not null then least(greatest(work, 0), 86400 * 86400000::float8) end,
  active = case when active is not null then least(greatest(active, 0), 86400 * 86400000::float8) end
where work not between 0 and 86400 * 86400000::float8 or active not between 0 and 86400 * 86400000::float8;

update operator_session_hours set
  work = case when work is not null then least(greatest(work, 0), 86400 * 3600000::float8) end,
  active = case when active is not null then least(greatest(active, 0), 86400 * 3600000::float8) end
where work not between 0 and 86400 * 3600000::float8 or active not between 0 and 86400 * 3600000::float8;
