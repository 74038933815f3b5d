/**
 * `npm run figures -- check|rebuild`: compare the kept figures with a recount of the rows, or
 * correct them from it (docs/operations.md "Business figures"). Two sets: the business figures
 * of the dashboard (users, orders, subscriptions; migration 0018) and the adoption figures of the
 * update charts (update checks; migration 0015).
 *   check     prints every figure and UTC day whose kept value differs from the rows; exit 0
 *             when none does, 1 when some do. Reads only.
 *   rebuild   corrects the business figures in one transaction that holds no writer back, then
 *             replaces the adoption figures in one that holds writes of update checks back for
 *             its length, and prints what was wrong; exit 0.
 * The database keeps the figures itself, so a difference means its triggers were off while rows
 * were written (`session_replication_role = replica`, as the bulk seeder loads) or a table was
 * truncated. Each command is a full scan of users, orders, subscriptions and update checks: about
 * 20 s at a million accounts and five million orders. Uses the server's database (DATABASE_URL,
 * or PGlite under DATA_DIR: stop the server first, the embedded database allows one process).
 */
import { loadConfig } from '../config.js';
import { openToolDatabase, runTool } from './tool.js';
import {
  figureDifferences,
  rebuildFigures,
  type FigureDifference,
} from '../modules/figures/service.js';
import { adoptionFigureDifferences, rebuildAdoptionFigures } from '../modules/updates/adoption.js';

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

/** Prints `allRight` when `differences` is empty, else `heading(count)` and the differences. */
function report(
  differences: FigureDifference[],
  allRight: string,
  heading: (count: number) => string,
): void {
  if (differences.length === 0) {
    console.log(allRight);
    return;
  }
  console.log(heading(differences.length));
  for (const line of describe(differences)) console.log(line);
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
      const business = await figureDifferences(database.db);
      const adoption = await adoptionFigureDifferences(database.db);
      report(
        business,
        'Every business figure equals what the rows say.',
        (n) => `${n} business figures differ from the rows:`,
      );
      report(
        adoption,
        'Every adoption figure equals what the update checks say.',
        (n) => `${n} adoption figures differ from the update checks:`,
      );
      if (business.length + adoption.length === 0) return 0;
      console.log('Run `npm run figures -- rebuild` to replace them with the recount.');
      return 1;
    }
    report(
      await rebuildFigures(database.db),
      'Rebuilt the business figures: every one was already right.',
      (n) => `Rebuilt the business figures: ${n} corrected.`,
    );
    report(
      await rebuildAdoptionFigures(database.db),
      'Rebuilt the adoption figures: every one was already right.',
      (n) => `Rebuilt the adoption figures: ${n} corrected.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runTool(() => main(process.argv.slice(2)));
