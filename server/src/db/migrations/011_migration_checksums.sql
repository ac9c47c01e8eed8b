-- Each applied migration records the SHA-256 of its file (db/migrate.ts): a migration edited after it was applied is
-- refused at start instead of leaving this database and a new one built from the files quietly different. Rows
-- already here are filled by migrate.ts with the checksum of their file as it is now.
alter table schema_migrations add column checksum text;
