import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest comes with the page (about 3 KB gzip for every route). React
  // Router's default, "lazy", fetches /__manifest for the links on each page and then re-renders
  // the whole page with the new routes: 100-150 ms of main thread on a throttled phone
  // (issue 15 TBT, decision 187).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
