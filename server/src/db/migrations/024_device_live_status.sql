-- The device status the event stream last announced (issue 20, docs/events.md "Device status"): online (a module of
-- the device called within DEVICE_STATUS_WINDOW_MINUTES, by last_sync_at) and working (a work reading within the
-- window, by last_work_at). Ingest sets both as it writes the row and the `device-status-expiry` job turns them off
-- when the window has passed; each of them tells the company's users only when a value actually changes, which is
-- what these columns are for: a status is derived from times, so without the last announced value every batch and
-- every tick would have to be told. status_changed_at is when they last changed (set to the changing statement's
-- now(), which is also how ingest's upsert tells that it changed them).
alter table device_state
  add column online boolean not null default false,
  add column working boolean not null default false,
  add column status_changed_at timestamptz;

-- Devices as they are now, so the first tick after the upgrade tells nobody of a change that did not happen.
update device_state set
  online = coalesce(last_sync_at >= now() - interval '10 minutes', false),
  working = coalesce(last_work_at >= now() - interval '10 minutes', false);
