-- How a Teltonika tracker's records become the product's data (docs/teltonika.md).
-- A device type's parameter may take its value from one IO element: value = raw × multiplier + offset. Parameters 1
-- (work) and 2 (active) never do: they are derived from ignition (IO 239) and movement (IO 240).
alter table parameters add column teltonika_io_id integer check (teltonika_io_id between 0 and 65535);
alter table parameters add column teltonika_multiplier double precision not null default 1;
alter table parameters add column teltonika_offset double precision not null default 0;
alter table parameters add constraint parameters_teltonika_io_not_work check (teltonika_io_id is null or number not in (1, 2));
create unique index parameters_teltonika_io on parameters (device_type_id, teltonika_io_id) where teltonika_io_id is not null;

-- The longest time between a module's records while its machine works (Teltonika Configurator: the data acquisition
-- period); a gap over twice this counts as no data, not as work (docs/teltonika.md). Null: the default (60 s).
alter table sensors add column send_period_seconds integer check (send_period_seconds between 1 and 86400);

-- A Teltonika module's latest record, kept with each packet's commit: the interval from it to the next packet's first
-- record is counted when that packet arrives (work and activity are counted per interval between records).
create table teltonika_last_records (
  sensor_id integer primary key references sensors (id) on delete cascade,
  ts timestamptz not null,
  ignition boolean,
  moving boolean
);
