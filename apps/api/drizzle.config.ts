import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the schema and writes SQL migrations to ./drizzle (`npm run db:generate`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
