/**
 * What a check of kept figures against a recount of their rows reports: the business figures
 * (modules/figures, migration 0018) and the update adoption figures (modules/updates, migration
 * 0015) alike, so `npm run figures` prints both one way (docs/operations.md "Business figures").
 */

/** A kept figure on one UTC day whose value is not what a recount of its rows gives. */
export interface FigureDifference {
  /** The figure's name, as kept. */
  name: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** The value kept (a count: users, orders, minor units of money, as the figure's name says). */
  kept: number;
  /** The value a recount of the rows gives, in the same unit. */
  counted: number;
}

/**
 * Rows of a differences query (`kept` and `counted` as the driver returns a bigint: a string or
 * a number) as {@link FigureDifference}s, in the rows' order.
 */
export function toFigureDifferences(
  rows: readonly { name: string; day: string; kept: unknown; counted: unknown }[],
): FigureDifference[] {
  return rows.map((r) => ({
    name: r.name,
    day: r.day,
    kept: Number(r.kept),
    counted: Number(r.counted),
  }));
}
