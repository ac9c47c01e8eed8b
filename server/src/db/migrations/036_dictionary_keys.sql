-- Shipped dictionary rows get a stable key (issue 32 item 2): a unit, a device type or a parameter the product ships is
-- shown in the reader's language by its key (contracts dictionary.ts, the locale files), never by its stored English
-- name ("battery voltage wyniosło 38 V", "Production machine" in a Polish list). A row someone added has no key and
-- is shown as typed; renaming a shipped row drops its key, so the new name is shown as typed too.
alter table units add column key text;
alter table device_types add column key text;
alter table parameters add column key text;

update units set key = shipped.key
from (values
  ('volt', 'volt'), ('millivolt', 'millivolt'), ('ampere', 'ampere'), ('hours', 'hours'), ('minutes', 'minutes'),
  ('seconds', 'seconds'), ('percent', 'percent'), ('bar', 'bar'), ('litre', 'litre'), ('kwh', 'kWh'),
  ('kilometre', 'kilometre'), ('kilometres-per-hour', 'kilometres per hour'), ('gps-position', 'GPS position'),
  ('pieces', 'pieces'), ('on-off', 'on/off')
) as shipped (key, name)
where units.name = shipped.name;

update device_types set key = shipped.key
from (values
  ('electric-forklift', 'Electric forklift'), ('diesel-forklift', 'Diesel forklift'),
  ('diesel-forklift-teltonika', 'Diesel forklift (Teltonika)'), ('production-machine', 'Production machine')
) as shipped (key, name)
where device_types.name = shipped.name;

-- Only on a shipped type: a parameter called "work" on someone's own type is their word.
update parameters set key = shipped.key
from (values
  ('work', 'work'), ('active', 'active'), ('counter', 'counter'), ('battery-voltage', 'battery voltage'),
  ('supply-voltage', 'supply voltage'), ('motor-hours', 'motor hours'), ('fuel-level', 'fuel level'),
  ('hydraulic-pressure', 'hydraulic pressure'), ('motor-current', 'motor current'),
  ('fuel-consumption', 'fuel consumption'), ('charging-quantity', 'charging quantity'), ('internal', 'internal'),
  ('tracker-battery', 'tracker battery'), ('odometer', 'odometer'), ('speed', 'speed'), ('gsm-signal', 'GSM signal')
) as shipped (key, name), device_types
where parameters.name = shipped.name and device_types.id = parameters.device_type_id and device_types.key is not null;

create unique index units_key_key on units (key) where key is not null;
create unique index device_types_key_key on device_types (key) where key is not null;
