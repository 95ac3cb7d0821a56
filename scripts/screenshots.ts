/**
 * `npm run screenshots` (issue 17): PNG screenshots of home, SRP and VDP for three demo sites at
 * a phone (390 x 844) and a desktop (1366 x 900) width, into docs/screenshots/, so changes to
 * the look can be reviewed. Uses Playwright with Debian's Chromium against a running server:
 *   npm start                                  # first terminal (PORT, default 3000)
 *   SCREENSHOT_BASE_PORT=3000 npm run screenshots   # second terminal
 * Each VDP is the first car of the site's SRP (the gallery fixture on Southern Cross).
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const port = Number(process.env.SCREENSHOT_BASE_PORT ?? process.env.PORT ?? 3000);
const OUT = "docs/screenshots";
/** Issue 51: the desktop header's widths (1,024, 1,280, 1,440 px), for the site with the longest menu. */
const HEADER_WIDTHS = [1024, 1280, 1440].map((width) => ({ name: `${width}`, width, height: 900 }));
const SITES: { slug: string; search: string; vdpFrom: string; extraSizes?: typeof HEADER_WIDTHS }[] = [
  { slug: "perth-toyota", search: "/search", vdpFrom: "/search/used-cars", extraSizes: HEADER_WIDTHS },
  { slug: "southern-cross-used", search: "/search", vdpFrom: "/search?query=DEMO-GALLERY-1" },
  { slug: "outback-caravans", search: "/search", vdpFrom: "/search" },
];
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
try {
  for (const site of SITES) {
    const base = `http://${site.slug}.localhost:${port}`;
    for (const size of [...SIZES, ...(site.extraSizes ?? [])]) {
      const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
      // The seeded promotional popup is a modal over the home page: dismissed, so the layout shows.
      await page.addInitScript((slug) => window.localStorage.setItem(`${slug}:popup-dismissed:summer-service-2026`, "screenshots"), site.slug);
      const shot = async (kind: string) => {
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `${OUT}/${site.slug}-${kind}-${size.name}.png` });
        console.log(`${OUT}/${site.slug}-${kind}-${size.name}.png`);
      };
      await page.goto(`${base}/`);
      await shot("home");
      await page.goto(`${base}${site.search}`);
      await shot("srp");
      await page.goto(`${base}${site.vdpFrom}`);
      const href = await page.getByTestId("car-card").first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href");
      await page.goto(`${base}${href}`);
      await shot("vdp");
      await page.close();
    }
  }
} finally {
  await browser.close();
}
