-- Devices that tried to connect with a serial number (a Teltonika IMEI) no active module of their protocol has, so a
-- super-admin sees them on the sensors screen and can register one in one step (docs/teltonika.md). One row per
-- (protocol, serial); the repository keeps at most a bounded number, the least recently seen dropped first.
create table unknown_modules (
  protocol text not null,
  serial_number text not null,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  last_address text,
  attempts integer not null default 1,
  primary key (protocol, serial_number)
);
create index unknown_modules_last_seen on unknown_modules (last_seen_at);
