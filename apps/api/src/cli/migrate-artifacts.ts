/**
 * `npm run artifacts:migrate -w apps/api`: copies every stored program file from DATA_DIR to the
 * S3 bucket the S3_* variables name, under the key the database already holds
 * (docs/downloads.md, "Moving files to object storage"). Safe to run again: files already there
 * with the recorded size and SHA-256 are skipped. Prints one line per file and a summary; exits 1
 * when any file failed, 2 without S3_BUCKET. Uses the same database as the server (DATABASE_URL,
 * or PGlite under DATA_DIR: stop the server first, the embedded database allows one process).
 */
import { loadConfig } from '../config.js';
import { openToolDatabase, runTool } from './tool.js';
import { migrateArtifacts } from '../modules/releases/migrate.js';
import { S3ArtifactStore } from '../modules/releases/s3-store.js';

async function main(): Promise<number> {
  // The server's bootstrap admin is not this command's business.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  if (!config.objectStore) {
    console.error('S3_BUCKET is not set: nothing to migrate to (README "Configuration").');
    return 2;
  }
  const store = new S3ArtifactStore(config.objectStore);
  const database = await openToolDatabase(config);
  try {
    const results = await migrateArtifacts(database.db, config.dataDir, store, (file) => {
      console.log(`${file.outcome.padEnd(7)} ${file.key}${file.reason ? `: ${file.reason}` : ''}`);
    });
    const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
    console.log(
      `${count('copied')} copied, ${count('present')} already in s3://${config.objectStore.bucket}, ${count('failed')} failed.`,
    );
    return count('failed') > 0 ? 1 : 0;
  } finally {
    await database.close();
    store.close();
  }
}

runTool(main);
