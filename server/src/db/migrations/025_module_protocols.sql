-- How a module talks to the server (docs/ingest.md, docs/teltonika.md): our JSON over HTTP/MQTT with a security code,
-- or a Teltonika tracker over TCP known by its IMEI. Named, so a later protocol replaces the check.
alter table sensors add column protocol text not null default 'gearwatch';
alter table sensors add constraint sensors_protocol_check check (protocol in ('gearwatch', 'teltonika'));
