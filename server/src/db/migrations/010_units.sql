-- The units of spec 02's dictionary, for every installation: without them a company started without the demo has no
-- unit to give its device types' parameters. Pieces and on/off are what counters and switches are measured in.
insert into units (name, short, long, min, max) values
  ('volt', 'V', 'volt', null, null),
  ('millivolt', 'mV', 'millivolt', null, null),
  ('ampere', 'A', 'ampere', null, null),
  ('hours', 'h', 'hours', null, null),
  ('minutes', 'min', 'minutes', null, null),
  ('seconds', 's', 'seconds', null, null),
  ('percent', '%', 'percent', 0, 100),
  ('bar', 'bar', 'bar', null, null),
  ('litre', 'l', 'litre', null, null),
  ('kWh', 'kWh', 'kilowatt-hour', null, null),
  ('GPS position', 'GPS', 'GPS position', null, null),
  ('pieces', 'pcs', 'pieces', null, null),
  ('on/off', 'on/off', 'on/off', 0, 1)
on conflict (name) do nothing;
