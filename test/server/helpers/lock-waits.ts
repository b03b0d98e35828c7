/**
 * For tests on PostgreSQL that order transactions by their locks: a connection of its own that waits until
 * so many of the database's sessions wait for a lock (polling pg_stat_activity), never for a fixed time.
 */
import pg from 'pg';

export async function lockWaits(databaseUrl: string) {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  return {
    async untilWaiting(count = 1): Promise<void> {
      for (let i = 0; i < 1000; i += 1) {
        const { rows } = await watcher.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${count} did not wait for a lock`);
    },
    end: () => watcher.end(),
  };
}
