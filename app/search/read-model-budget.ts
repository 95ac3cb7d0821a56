/**
 * The READ_MODEL_MB setting (issue 54, docs/decisions/259) on its own, so that server/env.ts can
 * validate it at start-up without loading the read-model store (a cluster's primary stays small).
 */
import { z } from "zod";

/**
 * READ_MODEL_MB: the node's memory budget for read models, in MB (16 to 65,536; default 1,024).
 * Part of server/env.ts's schema, so a bad value stops the server at start-up.
 */
export const ReadModelMbSchema = z.coerce.number().int().min(16).max(65_536).default(1024);

/**
 * The READ_MODEL_MB budget from `env`, in MB.
 * @throws ZodError when it is set but not a whole number from 16 to 65,536
 */
export function readModelBudgetMb(env: Record<string, string | undefined>): number {
  return ReadModelMbSchema.parse(env.READ_MODEL_MB);
}

