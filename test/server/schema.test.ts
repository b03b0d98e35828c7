/**
 * src/server/db/schema.ts (the Kysely table types, written by hand) against the database the migrations
 * make: the same tables, the same columns, each nullable on both sides or on neither, and of the same kind
 * (text, number, boolean, time, JSON). The compiler reads schema.ts, so the test needs no copy of it.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { it } from './helpers/node-test.js';
import { sql } from 'kysely';
import ts from 'typescript';
import { useTestApp } from './helpers/app.js';

type Kind = 'string' | 'number' | 'boolean' | 'date' | 'json';
interface ColumnShape {
  kind: Kind;
  nullable: boolean;
}
type Tables = Record<string, Record<string, ColumnShape>>;

const SCHEMA_FILE = fileURLToPath(new URL('../../src/server/db/schema.ts', import.meta.url));

/** Kysely's own bookkeeping, which schema.ts rightly leaves out. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** How each PostgreSQL type reaches JavaScript through both drivers (bigint arrives as text). */
const KIND_OF_SQL_TYPE: Record<string, Kind> = {
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  bigint: 'string',
  integer: 'number',
  smallint: 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  date: 'date',
  jsonb: 'json',
  // An integer array (credit_pool_keys.member_ids) arrives as a JavaScript array, as a jsonb array does.
  ARRAY: 'json',
};

/** The tables of the `Database` interface as the compiler sees them: each column's selected type. */
function tablesOfSchemaFile(): Tables {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  assert.ok(source, 'schema.ts is read');
  const database = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  assert.ok(database, 'schema.ts declares `interface Database`');
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    tables[table.name] = {};
    for (const column of checker.getPropertiesOfType(tableType)) {
      tables[table.name][column.name] = shapeOf(checker, checker.getTypeOfSymbolAtLocation(column, database));
    }
  }
  return tables;
}

/**
 * What a column's type says of reading it: Kysely's ColumnType (Generated, and this schema's Timestamp
 * and Json) is read as its `__select__` type, also inside a union (`Timestamp | null`).
 */
function shapeOf(checker: ts.TypeChecker, columnType: ts.Type): ColumnShape {
  const partsOf = (type: ts.Type): ts.Type[] => (type.isUnion() ? type.types : [type]);
  const parts = partsOf(columnType).flatMap((part) => {
    const select = part.getProperty('__select__');
    return select ? partsOf(checker.getTypeOfSymbol(select)) : [part];
  });
  const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
  const kinds = new Set(
    parts.filter((part) => !(part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map(kindOf),
  );
  assert.equal(kinds.size, 1, `one kind of value per column, not ${checker.typeToString(columnType)}`);
  return { kind: [...kinds][0], nullable };
}

function kindOf(type: ts.Type): Kind {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.getSymbol()?.name === 'Date') return 'date';
  return 'json';
}

const t = useTestApp();

it('schema.ts has the tables and columns the migrations make, with their nullability and kind', async () => {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    is_nullable: 'YES' | 'NO';
    data_type: string;
  }>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type
    from information_schema.columns c
    join information_schema.tables tb
      on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
    where c.table_schema = current_schema()
    order by c.table_name, c.ordinal_position`.execute(t.app.services.db);
  const inDatabase: Tables = {};
  for (const row of rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    const kind = KIND_OF_SQL_TYPE[row.data_type];
    assert.ok(
      kind,
      `${row.table_name}.${row.column_name}: a column of type ${row.data_type} has no kind here yet`,
    );
    (inDatabase[row.table_name] ??= {})[row.column_name] = { kind, nullable: row.is_nullable === 'YES' };
  }
  assert.ok(Object.keys(inDatabase).length > 10, 'the migrated database has its tables');

  // One line a column, so a failure lists each table or column that differs, on the side it is missing.
  const lines = (tables: Tables) =>
    Object.entries(tables)
      .flatMap(([table, columns]) =>
        Object.entries(columns).map(
          ([column, { kind, nullable }]) => `${table}.${column}: ${kind}${nullable ? ' | null' : ''}`,
        ),
      )
      .sort();
  const declared = lines(tablesOfSchemaFile());
  const made = lines(inDatabase);
  assert.deepEqual(
    {
      onlyInSchemaTs: declared.filter((line) => !made.includes(line)),
      onlyInDatabase: made.filter((line) => !declared.includes(line)),
    },
    { onlyInSchemaTs: [], onlyInDatabase: [] },
  );
});
