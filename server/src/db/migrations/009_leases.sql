-- Leases: work that exactly one instance does at a time (the demo simulator, an MQTT client id), held by renewing
-- it before it expires; an instance that dies stops renewing and another takes the lease once it has expired.
create table leases (
  name text primary key,
  holder text not null,
  renewed_at timestamptz not null default now(),
  expires_at timestamptz not null
);
