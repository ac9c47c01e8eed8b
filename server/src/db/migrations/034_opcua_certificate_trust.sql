-- Issue 30: a machine's server certificate is trusted on first use by a super-admin's click (docs/opcua.md
-- "Certificates"). The certificates live in the database, not only in an instance's PKI folder, so that every
-- instance that may hold the module's session trusts (or, after a revoke, refuses) the same certificate.
-- The certificate (base64 DER) the machine presented when its session was refused as not trusted, and when.
alter table opcua_modules add column server_certificate text;
alter table opcua_modules add column server_certificate_seen_at timestamptz;
-- The certificate a super-admin trusted for this module (base64 DER), when and by whom; null: none trusted.
alter table opcua_modules add column trusted_certificate text;
alter table opcua_modules add column certificate_trusted_at timestamptz;
alter table opcua_modules add column certificate_trusted_by integer references users (id) on delete set null;
