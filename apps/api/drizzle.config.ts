import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; they are applied at boot by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
