import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * schema.ts is written by hand beside the migrations; this compares the two. The declared side is read through the
 * TypeScript checker (so aliases, `extends` and `Omit` resolve as the compiler sees them), the migrated side from
 * information_schema.
 */
export const SCHEMA_FILE = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));

/** What a column's values are read as in JavaScript: the level at which schema.ts and the database must agree. */
export type Family = 'number' | 'string' | 'boolean' | 'date' | 'bytes' | 'json' | 'number[]' | 'string[]';

export interface DeclaredColumn {
  /** Of the select type, null aside; a type the checker cannot place is named as `unsupported <type>`. */
  families: string[];
  nullable: boolean;
  /** An insert may leave the column out (Generated<>, an insert type with undefined or never, or a nullable column). */
  insertOptional: boolean;
}

export interface MigratedColumn {
  dataType: string;
  /** The element type of an ARRAY column (`_int2`, `_text`…). */
  udtName: string;
  nullable: boolean;
  /** A default, an identity or a generated column: the database fills it when an insert leaves it out. */
  filled: boolean;
}

/** Table → column → its description. */
export type Columns<C> = Map<string, Map<string, C>>;

// pg and PGlite both read int8 as a number (db/database.ts). A date is read as a Date too, but compared with
// 'YYYY-MM-DD' strings, and Kysely types a where clause's value by the column's select type (LocalDate in schema.ts).
const FAMILIES_OF_TYPE: Record<string, Family[]> = {
  smallint: ['number'],
  integer: ['number'],
  bigint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  text: ['string'],
  'character varying': ['string'],
  character: ['string'],
  uuid: ['string'],
  boolean: ['boolean'],
  'timestamp with time zone': ['date'],
  'timestamp without time zone': ['date'],
  date: ['date', 'string'],
  json: ['json'],
  jsonb: ['json'],
  bytea: ['bytes'],
};

const FAMILIES_OF_ARRAY: Record<string, Family[]> = {
  _int2: ['number[]'],
  _int4: ['number[]'],
  _int8: ['number[]'],
  _float8: ['number[]'],
  _text: ['string[]'],
};

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  lib: ['lib.es2023.d.ts'],
  types: [],
};

// What schema.ts uses of Kysely (ColumnType, Generated) and of node (Buffer), without the whole of either: parsing
// all of Kysely's and node's declarations would take seconds, where these take a fraction of one.
const kyselyIndex = ts.resolveModuleName('kysely', SCHEMA_FILE, COMPILER_OPTIONS, ts.sys).resolvedModule?.resolvedFileName;
const KYSELY_COLUMN_TYPES = kyselyIndex && path.join(path.dirname(kyselyIndex), 'util', 'column-type.d.ts');
const NODE_GLOBALS = path.join(path.dirname(SCHEMA_FILE), 'node-globals.d.ts');

// The standard library's and Kysely's declarations, parsed once for every reading of schema.ts.
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** The tables of schema.ts's `DB` interface; `source` replaces the file's text (a test's mutated copy). */
export function declaredSchema(source?: string): Columns<DeclaredColumn> {
  if (!KYSELY_COLUMN_TYPES) throw new Error('kysely is not installed');
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) => {
    if (fileName === SCHEMA_FILE && source !== undefined) return ts.createSourceFile(fileName, source, language);
    if (fileName === NODE_GLOBALS) return ts.createSourceFile(fileName, 'declare class Buffer extends Uint8Array {}', language);
    if (!parsedFiles.has(fileName)) parsedFiles.set(fileName, getSourceFile(fileName, language, ...rest));
    return parsedFiles.get(fileName);
  };
  host.resolveModuleNames = (names, containingFile) =>
    names.map((name) =>
      name === 'kysely'
        ? { resolvedFileName: KYSELY_COLUMN_TYPES, extension: ts.Extension.Dts }
        : ts.resolveModuleName(name, containingFile, COMPILER_OPTIONS, host).resolvedModule,
    );
  const program = ts.createProgram([SCHEMA_FILE, NODE_GLOBALS], COMPILER_OPTIONS, host);
  const file = program.getSourceFile(SCHEMA_FILE);
  const db = file?.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'DB');
  if (!db) throw new Error(`${SCHEMA_FILE} declares no DB interface`);
  const checker = program.getTypeChecker();
  const tables: Columns<DeclaredColumn> = new Map();
  for (const table of checker.getTypeAtLocation(db).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbolAtLocation(table, db).getProperties())
      columns.set(column.name, describeColumn(checker, checker.getTypeOfSymbolAtLocation(column, db)));
    tables.set(table.name, columns);
  }
  return tables;
}

// As Kysely's SelectType and InsertType do: a ColumnType member gives its own select and insert types, any other
// member is both.
function describeColumn(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn {
  const select: ts.Type[] = [];
  const insert: ts.Type[] = [];
  for (const member of membersOf(type)) {
    const selected = member.getProperty('__select__');
    const inserted = member.getProperty('__insert__');
    if (selected && inserted) {
      select.push(...membersOf(checker.getTypeOfSymbol(selected)));
      insert.push(...membersOf(checker.getTypeOfSymbol(inserted)));
    } else {
      select.push(member);
      insert.push(member);
    }
  }
  const families = new Set<string>();
  for (const member of select) if (!(member.flags & ts.TypeFlags.Null)) families.add(familyOf(checker, member));
  const leftOut = ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Never;
  return {
    families: [...families].sort(),
    nullable: select.some((member) => member.flags & ts.TypeFlags.Null),
    insertOptional: insert.length === 0 || insert.some((member) => member.flags & leftOut),
  };
}

function membersOf(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

function familyOf(checker: ts.TypeChecker, type: ts.Type): string {
  const { flags } = type;
  if (flags & ts.TypeFlags.NumberLike) return 'number';
  if (flags & ts.TypeFlags.StringLike) return 'string';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'json';
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return element ? `${familyOf(checker, element)}[]` : `unsupported ${checker.typeToString(type)}`;
  }
  const name = type.getSymbol()?.name;
  if (name === 'Date') return 'date';
  if (name === 'Buffer') return 'bytes';
  return `unsupported ${checker.typeToString(type)}`;
}

/** The base tables of the database's current schema. */
export async function migratedSchema(db: Kysely<DB>): Promise<Columns<MigratedColumn>> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    is_generated: string;
  }>`
    select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position
  `.execute(db);
  const tables: Columns<MigratedColumn> = new Map();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, MigratedColumn>();
    tables.set(row.table_name, columns);
    columns.set(row.column_name, {
      dataType: row.data_type,
      udtName: row.udt_name,
      nullable: row.is_nullable === 'YES',
      filled: row.column_default !== null || row.is_identity === 'YES' || row.is_generated === 'ALWAYS',
    });
  }
  return tables;
}

/** Every disagreement, one line each naming its table and column; none when schema.ts mirrors the database. */
export function compareSchemas(declared: Columns<DeclaredColumn>, migrated: Columns<MigratedColumn>): string[] {
  const problems: string[] = [];
  for (const table of declared.keys()) if (!migrated.has(table)) problems.push(`${table}: in schema.ts's DB, but no migration creates it`);
  for (const [table, columns] of migrated) {
    const declaredColumns = declared.get(table);
    if (!declaredColumns) {
      problems.push(`${table}: migrated, but missing from schema.ts's DB`);
      continue;
    }
    for (const column of declaredColumns.keys())
      if (!columns.has(column)) problems.push(`${table}.${column}: in schema.ts, but the migrated table has no such column`);
    for (const [column, actual] of columns) {
      const expected = declaredColumns.get(column);
      if (expected) problems.push(...compareColumn(`${table}.${column}`, expected, actual));
      else problems.push(`${table}.${column}: migrated, but missing from schema.ts`);
    }
  }
  return problems;
}

function compareColumn(name: string, declared: DeclaredColumn, actual: MigratedColumn): string[] {
  const problems: string[] = [];
  const type = actual.dataType === 'ARRAY' ? `${actual.udtName.slice(1)}[]` : actual.dataType;
  const families = (actual.dataType === 'ARRAY' ? FAMILIES_OF_ARRAY[actual.udtName] : FAMILIES_OF_TYPE[actual.dataType]) ?? [];
  if (families.length === 0) problems.push(`${name}: the database type ${type} has no family here (schema-conformance.ts)`);
  else if (families.join() !== declared.families.join())
    problems.push(`${name}: ${type} is read as ${families.join(' | ')}, schema.ts declares ${declared.families.join(' | ') || 'nothing'}`);
  if (actual.nullable && !declared.nullable) problems.push(`${name}: nullable in the database, typed non-null in schema.ts`);
  if (!actual.nullable && declared.nullable) problems.push(`${name}: not null in the database, typed nullable in schema.ts`);
  if (declared.insertOptional && !actual.nullable && !actual.filled)
    problems.push(`${name}: optional on insert in schema.ts, but the database has no default for it`);
  if (!declared.insertOptional && actual.filled) problems.push(`${name}: the database has a default, but schema.ts requires it on insert (Generated<>)`);
  return problems;
}
