/**
 * `npm run figures -- check|rebuild`: compare the business figures with a recount of the rows, or
 * correct them from it (docs/operations.md "Business figures").
 *   check     prints every figure and UTC day whose kept value differs from the rows; exit 0
 *             when none does, 1 when some do. Reads only (one snapshot).
 *   rebuild   adds to each wrong figure what the recount says it lacks, in one transaction that
 *             holds no writer back, and prints what it corrected; exit 0.
 * The database keeps the figures itself (migration 0018), so a difference means its triggers
 * were off while rows were written (`session_replication_role = replica`, as the bulk seeder
 * loads) or a table was truncated. Each command is a full scan of users, orders and
 * subscriptions: about 20 s at a million accounts and five million orders. Uses the server's
 * database (DATABASE_URL, or PGlite under DATA_DIR: stop the server first, the embedded database
 * allows one process).
 */
import { loadConfig } from '../config.js';
import { openToolDatabase, runTool } from './tool.js';
import {
  figureDifferences,
  rebuildFigures,
  type FigureDifference,
} from '../modules/figures/service.js';

const USAGE = 'Usage: npm run figures -- check|rebuild';
/** How many differences are printed one per line; the rest are counted. */
const SHOWN = 50;

/** One line per difference, at most {@link SHOWN}, then how many more there are. */
function describe(differences: FigureDifference[]): string[] {
  const lines = differences
    .slice(0, SHOWN)
    .map((d) => `  ${d.name} ${d.day}: kept ${d.kept}, rows say ${d.counted}`);
  if (differences.length > SHOWN) lines.push(`  … and ${differences.length - SHOWN} more`);
  return lines;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if ((command !== 'check' && command !== 'rebuild') || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openToolDatabase(config);
  try {
    if (command === 'check') {
      const differences = await figureDifferences(database.db);
      if (differences.length === 0) {
        console.log('Every business figure equals what the rows say.');
        return 0;
      }
      console.log(`${differences.length} business figures differ from the rows:`);
      for (const line of describe(differences)) console.log(line);
      console.log('Run `npm run figures -- rebuild` to replace them with the recount.');
      return 1;
    }
    const corrected = await rebuildFigures(database.db);
    console.log(
      corrected.length === 0
        ? 'Rebuilt the business figures: every one was already right.'
        : `Rebuilt the business figures: ${corrected.length} corrected.`,
    );
    for (const line of describe(corrected)) console.log(line);
    return 0;
  } finally {
    await database.close();
  }
}

runTool(() => main(process.argv.slice(2)));
