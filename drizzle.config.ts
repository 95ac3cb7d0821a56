import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and committed as SQL; the same files run on
// PGlite (embedded default) and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
