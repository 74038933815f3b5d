/**
 * LIKE/ILIKE patterns that match user input literally: `%`, `_` and `\` are escaped (PostgreSQL's
 * default LIKE escape character is `\`).
 */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Pattern matching values that contain `term`. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/** Pattern matching values that start with `term`. */
export const prefixPattern = (term: string) => `${escapeLike(term)}%`;
