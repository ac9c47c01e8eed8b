-- OPC UA modules (docs/opcua.md): Gearwatch connects to a machine's OPC UA server as a client.
alter table sensors drop constraint sensors_protocol_check;
alter table sensors add constraint sensors_protocol_check check (protocol in ('gearwatch', 'teltonika', 'opcua'));

-- One row per module of protocol opcua, kept with the module (written by the module form in its transaction).
create table opcua_modules (
  sensor_id integer primary key references sensors (id) on delete cascade,
  endpoint_url text not null,
  security_mode text not null check (security_mode in ('None', 'Sign', 'SignAndEncrypt')),
  security_policy text not null check (security_policy in ('None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss')),
  -- Null: anonymous. The password is AES-256-GCM ciphertext (opcua/secret-box.ts), never answered by the API.
  user_name text,
  password_encrypted text,
  sampling_interval_ms integer not null default 1000 check (sampling_interval_ms between 100 and 60000),
  -- The module's explicit word that the machine's server certificate is to be trusted (no trust-on-first-use yet).
  accept_server_certificate boolean not null default false,
  -- The node mapping owned by the module: [{kind, nodeId, parameter, multiplier, offset, workValues, activeValues}].
  mapping jsonb not null default '[]',
  -- The connector's view of the machine: the session's state, when it began, and why the last attempt failed.
  connection_state text not null default 'offline' check (connection_state in ('connected', 'offline')),
  connected_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  -- The last raw value of each counter node, with the device it counted for: the next sample's increase is counted
  -- from it, by whichever instance holds the session (written in the transaction of the batch that used it).
  counter_state jsonb not null default '{}'
);
