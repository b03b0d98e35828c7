import { sql, type Kysely } from 'kysely';

/**
 * Runs a DDL script one statement at a time: PGlite's extended-protocol query takes a single
 * statement. The scripts here contain no ';' inside literals, so splitting on ';' is safe.
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
