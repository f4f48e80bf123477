// drizzle-kit generates the SQL migrations in migrations/ from the schema; wrangler applies them
// to every shard (`npm run serve` locally, `scripts/migrate-shards.ts --remote` on deploy).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
