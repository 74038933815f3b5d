/** What every command-line tool of the API shares: its database, and how it ends. */
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

/**
 * The server's database for a tool: PostgreSQL at DATABASE_URL, or the embedded one under
 * DATA_DIR (the server must be stopped: PGlite allows one process). Migrated on open; no
 * statement limits (a tool may scan whole tables).
 */
export function openToolDatabase(config: AppConfig): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
}

/**
 * Runs `main` and exits with the code it returns; a thrown error prints its message (never a
 * stack) and exits 1.
 */
export function runTool(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
