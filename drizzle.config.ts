// drizzle-kit generates the SQL migrations in migrations/ from the schema; wrangler applies them
// (`wrangler d1 migrations apply DB --local`, and --remote on deploy).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
