import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { openTestDatabase } from './context.ts';
import type { Columns, MigratedColumn } from './schema-conformance.ts';
import { SCHEMA_FILE, compareSchemas, declaredSchema, migratedSchema } from './schema-conformance.ts';

describe('db/schema.ts mirrors the migrated database', () => {
  let migrated: Columns<MigratedColumn>;
  const source = readFileSync(SCHEMA_FILE, 'utf8');

  beforeAll(async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await migrate(database);
      migrated = await migratedSchema(database.db);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('declares every migrated table and column: its type family, nullability and whether the database fills it', () => {
    expect(compareSchemas(declaredSchema(), migrated)).toEqual([]);
  });

  /** schema.ts with `from` (found exactly once) replaced by `to`. */
  function mutated(from: string, to: string): string {
    expect(source.split(from)).toHaveLength(2);
    return source.replace(from, to);
  }

  // Each a copy of schema.ts with one deliberate mismatch: the comparison names it, and nothing else.
  it.each([
    [
      'a nullable column typed non-null',
      '  password_hash: string | null;',
      '  password_hash: string;',
      'users.password_hash: nullable in the database, typed non-null in schema.ts',
    ],
    [
      // Kysely lets an insert leave a nullable column out, so the type is wrong twice.
      'a not-null column typed nullable',
      '  username: string;',
      '  username: string | null;',
      [
        'users.username: not null in the database, typed nullable in schema.ts',
        'users.username: optional on insert in schema.ts, but the database has no default for it',
      ],
    ],
    ['a column left out', '  supervisor: string | null;\n', '', 'operators.supervisor: migrated, but missing from schema.ts'],
    [
      'a column no migration makes',
      'export interface UnitsTable {\n',
      'export interface UnitsTable {\n  symbol: string;\n',
      'units.symbol: in schema.ts, but the migrated table has no such column',
    ],
    ['a wrong type family', '  failures: number;', '  failures: string;', 'auth_failures.failures: integer is read as number, schema.ts declares string'],
    [
      'a timestamp typed as a string',
      '  due_at: Timestamp;',
      '  due_at: string;',
      'task_reminders.due_at: timestamp with time zone is read as date, schema.ts declares string',
    ],
    [
      'a local date typed as a string',
      '  warranty_to: LocalDate | null;',
      '  warranty_to: string | null;',
      'sensors.warranty_to: date is read as date | string, schema.ts declares string',
    ],
    [
      'an insert-optional column without a default',
      '  hour_start: number;',
      '  hour_start: Generated<number>;',
      'production_shifts.hour_start: optional on insert in schema.ts, but the database has no default for it',
    ],
    [
      'a column with a default required on insert',
      '  attempts: Generated<number>;\n}',
      '  attempts: number;\n}',
      'unknown_modules.attempts: the database has a default, but schema.ts requires it on insert (Generated<>)',
    ],
    ['a table left out', '  units: UnitsTable;\n', '', "units: migrated, but missing from schema.ts's DB"],
    [
      'a table no migration makes',
      '  units: UnitsTable;\n',
      '  units: UnitsTable;\n  unit_aliases: UnitsTable;\n',
      "unit_aliases: in schema.ts's DB, but no migration creates it",
    ],
  ])('catches %s', (_, from, to, problems) => {
    expect(compareSchemas(declaredSchema(mutated(from, to)), migrated)).toEqual([problems].flat());
  });
});
