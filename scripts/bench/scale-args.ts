/**
 * Command-line options of `npm run bench:scale` and `npm run explain:hot` (issue 54), parsed with
 * node:util parseArgs and checked with zod.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { FULL_SIZE, type ScaleSize } from "./scale-seed";

/** The parts of bench:scale, in the order they run. */
export const SCALE_PARTS = ["seed", "rss", "cold", "search", "http", "stall", "import"] as const;
export type ScalePart = (typeof SCALE_PARTS)[number];

/** The scratch database's URL: SCALE_DATABASE_URL, else `h54scale_bench` on the local PostgreSQL. */
export function scaleDatabaseUrl(): string {
  return process.env.SCALE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/h54scale_bench";
}

const count = (name: string, min: number) => z.coerce.number({ message: `--${name} must be a number` }).int(`--${name} must be a whole number`).min(min, `--${name} must be at least ${min}`);

const Schema = z.object({
  sites: count("sites", 2).default(FULL_SIZE.sites),
  cars: count("cars", 2).default(FULL_SIZE.cars),
  leads: count("leads", 1).default(FULL_SIZE.leads),
  runs: count("runs", 1).default(3),
  reuse: z.boolean().default(false),
  only: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return [...SCALE_PARTS];
      const parts = s.split(",").map((p) => p.trim());
      const unknown = parts.filter((p) => !(SCALE_PARTS as readonly string[]).includes(p));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `--only takes ${SCALE_PARTS.join(",")} (got ${unknown.join(",")})` });
      return parts as ScalePart[];
    }),
  "import-rows": z.string().default("200000,1000000").transform((s) => s.split(",").map(Number)),
});

/** Parsed options. */
export interface ScaleOptions {
  size: ScaleSize;
  runs: number;
  reuse: boolean;
  only: ScalePart[];
  importRows: number[];
}

/**
 * Parses `argv` (`--sites N --cars N --leads N --runs N --reuse --only seed,rss --import-rows 200000,1000000`).
 * @throws Error with every problem found, one per line
 */
export function parseScaleArgs(argv: string[]): ScaleOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sites: { type: "string" },
      cars: { type: "string" },
      leads: { type: "string" },
      runs: { type: "string" },
      reuse: { type: "boolean" },
      only: { type: "string" },
      "import-rows": { type: "string" },
    },
    strict: true,
  });
  const parsed = Schema.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("\n"));
  const v = parsed.data;
  if (v.cars < v.sites) throw new Error(`--cars (${v.cars}) must be at least --sites (${v.sites})`);
  return { size: { sites: v.sites, cars: v.cars, leads: v.leads }, runs: v.runs, reuse: v.reuse, only: v.only, importRows: v["import-rows"] };
}
