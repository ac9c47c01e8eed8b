-- A tracker's latest record is the previous sample of its next record's work and activity (docs/teltonika.md). It
-- belongs to the device the module was fitted to when it was sent: after the module is moved to another device (of
-- the same or another company) the old record must not give the new device work from before the move.
alter table teltonika_last_records add column device_id integer references devices (id) on delete set null;
update teltonika_last_records t set device_id = s.device_id from sensors s where s.id = t.sensor_id;
