import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Loaders read the site (tenant) and database from a typed router context.
    v8_middleware: true,
  },
} satisfies Config;
