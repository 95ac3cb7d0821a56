/**
 * Issue 52: how each site feature a demo site switches on is seen by a shopper, as a probe over
 * server-rendered HTML (real HTTP through the app, no JavaScript). The keys are the dotted config
 * paths that `switchedOnFeatures` (db/seed/demo-consistency.ts) derives from the SiteConfig schema;
 * a switched-on path with no entry here fails the consistency test, so a new flag needs a probe.
 * A flag with no shopper-visible effect says why instead.
 */
import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cars, locations, offers } from "../../db/schema/index";
import type { SiteConfig } from "../../app/sites/site-config";
import type { Site } from "../../app/sites/site";
import { getCarBySlug } from "../../app/services/cars.server";
import { getMarketIndicator } from "../../app/services/market.server";

/** One fetched page: status, HTML (empty for redirects) and the redirect target. */
export interface FetchedPage {
  status: number;
  html: string;
  location: string | null;
}

export interface ProbeContext {
  site: Site;
  config: SiteConfig;
  db: Database;
  /** GET a path of the site (cached per test run); redirects are not followed. */
  page(path: string): Promise<FetchedPage>;
}

/** A probe: null when the feature is visible, else what was missing. */
export type Probe = { shows: string; check(ctx: ProbeContext): Promise<string | null> } | { notShopperVisible: string };

const text = (html: string) => html.replace(/<!-- -->/g, "");
const need = (ok: boolean, missing: string) => (ok ? null : missing);

/** The VDP path of the site's first in-stock car matching `where` (by id), or null. */
async function vdpWhere(ctx: ProbeContext, where: ReturnType<typeof and>): Promise<string | null> {
  const [row] = await ctx.db
    .select({ slug: cars.slug })
    .from(cars)
    .where(and(eq(cars.siteId, ctx.site.id), eq(cars.status, "in_stock"), eq(cars.showOnDealerWebsite, true), where))
    .orderBy(asc(cars.id))
    .limit(1);
  return row ? `/cars/${row.slug}` : null;
}

/** An in-stock, unreserved car's VDP (the reserve and offer buttons need one). */
const openVdp = (ctx: ProbeContext) => vdpWhere(ctx, and(eq(cars.reserved, false), isNotNull(cars.price), gt(cars.price, 1000)));

/** Probes a VDP for a marker; `find` picks the car. */
function onVdp(shows: string, marker: (ctx: ProbeContext) => string | RegExp, find: (ctx: ProbeContext) => Promise<string | null> = openVdp): Probe {
  return {
    shows,
    async check(ctx) {
      const path = await find(ctx);
      if (!path) return `no car to show it on (${shows})`;
      const { status, html } = await ctx.page(path);
      const m = marker(ctx);
      return need(status === 200 && (typeof m === "string" ? text(html).includes(m) : m.test(text(html))), `${path} lacks ${m}`);
    },
  };
}

/** Probes a page for a marker. */
function onPage(shows: string, path: (ctx: ProbeContext) => string, marker: (ctx: ProbeContext) => string | RegExp): Probe {
  return {
    shows,
    async check(ctx) {
      const p = path(ctx);
      const { status, html } = await ctx.page(p);
      const m = marker(ctx);
      return need(status === 200 && (typeof m === "string" ? text(html).includes(m) : m.test(text(html))), `${p} (${status}) lacks ${m}`);
    },
  };
}

/** The first SRP card's markup on `path`. */
async function firstCard(ctx: ProbeContext, path: string): Promise<string> {
  const { html } = await ctx.page(path);
  return html.split('data-testid="car-card"')[1] ?? "";
}

/** The SRP of one car found by stock number (the search box matches stock numbers). */
const srpOf = (stockNumber: string) => `/search?query=${encodeURIComponent(stockNumber)}`;

export const FEATURE_PROBES: Record<string, Probe> = {
  certifiedPreOwned: onPage("the certified view lists cars under the certified switch", () => "/pre-owned?certified=true", (ctx) => new RegExp(`${ctx.config.search.certifiedSwitchLabel}[\\s\\S]*data-testid="car-card"`)),
  "display.certifiedBadge": onPage("certified cars carry the programme's logo", () => "/pre-owned?certified=true", (ctx) => `src="${ctx.config.display.certifiedLogoUrl}"`),
  "display.fuelTagEnabled": {
    shows: "an electric or hybrid car's card leads with its fuel tag",
    async check(ctx) {
      const [car] = await ctx.db
        .select({ stockNumber: cars.stockNumber })
        .from(cars)
        .where(and(eq(cars.siteId, ctx.site.id), eq(cars.status, "in_stock"), sql`(${cars.fuel} ilike '%hybrid%' or ${cars.fuel} ilike '%electric%')`))
        .limit(1);
      if (!car) return "no hybrid or electric car in stock";
      return need(/data-testid="car-tag">[^<]*(Hybrid|Electric)/i.test(await firstCard(ctx, srpOf(car.stockNumber))), `${car.stockNumber}'s card has no fuel tag`);
    },
  },
  "display.marketPriceIndicator": {
    shows: "a car priced under the market average says so on its VDP",
    async check(ctx) {
      const candidates = await ctx.db
        .select({ slug: cars.slug })
        .from(cars)
        .where(and(eq(cars.siteId, ctx.site.id), eq(cars.status, "in_stock"), eq(cars.reserved, false), gt(cars.price, 1000)))
        .orderBy(asc(cars.id))
        .limit(400);
      for (const { slug } of candidates) {
        const found = await getCarBySlug(ctx.db, ctx.site, slug);
        if (found.kind !== "found" || !(await getMarketIndicator(ctx.db, ctx.site, found.car)).shown) continue;
        const { html } = await ctx.page(`/cars/${slug}`);
        return need(html.includes('data-testid="market-indicator"'), `/cars/${slug} is below market and shows no indicator`);
      }
      return "no car of the first 400 is below the market average";
    },
  },
  "display.servicePlan.enabled": onVdp(
    "a covered car's VDP shows the service plan",
    () => 'data-testid="service-plan"',
    (ctx) => {
      const plan = ctx.config.display.servicePlan;
      const makes = plan.makes.length ? inArray(sql`lower(${cars.make})`, plan.makes.map((m) => m.toLowerCase())) : undefined;
      return vdpWhere(ctx, and(inArray(cars.carType, plan.carTypes), makes));
    },
  ),
  "display.showUnregisteredForExpiredRego": onVdp("a car whose rego has expired reads 'Unregistered'", () => "Unregistered", (ctx) => vdpWhere(ctx, and(isNotNull(cars.regoExpiry), lt(cars.regoExpiry, new Date().toISOString().slice(0, 10))))),
  "display.guaranteeBanner": onVdp("the VDP carries the guarantee banner", () => 'data-testid="guarantee-banner"'),
  "display.makeAnOffer": onVdp("an in-stock car's VDP offers 'Make an Offer'", () => "Make an Offer"),
  "display.callPanelDealerLink": onVdp("the call panel links to the location's stock", () => "See more from this dealer"),
  "search.kmsSort": onPage("the SRP sorts by kilometres", () => "/search", () => '<option value="km">'),
  "search.priceAboveZeroOnPriceAsc": {
    shows: "the lowest-price sort starts with a priced car",
    async check(ctx) {
      const card = await firstCard(ctx, "/search?sortBy=price_asc");
      return need(/data-testid="car-price"[^>]*>[^<]*\$[1-9]/.test(text(card)) && !card.includes(ctx.config.display.noPriceText), "the first card of the lowest-price sort has no price");
    },
  },
  "search.promoCardsStrictCarType": {
    shows: "a car-type promo card shows only where that car type is chosen",
    async check(ctx) {
      const [card] = await ctx.db.select({ carType: offers.carType }).from(offers).where(and(eq(offers.siteId, ctx.site.id), eq(offers.kind, "promo_card"), isNotNull(offers.carType))).limit(1);
      if (!card?.carType) return "no promo card with a car type";
      // A finance card is headed by its worked-out rates, not its name: count the cards instead.
      const count = async (path: string) => (await ctx.page(path)).html.split('data-testid="promo-card"').length - 1;
      const typed = await count(`/search/${card.carType}-cars`);
      const all = await count("/search");
      return need(typed > all, `/search/${card.carType}-cars shows ${typed} promo cards, /search ${all}: the ${card.carType} card should show only on the first`);
    },
  },
  "features.garage": {
    shows: "My Garage asks a shopper to sign in to it",
    async check(ctx) {
      const gate = await ctx.page(ctx.config.accounts.myGaragePath);
      if (!gate.location) return `${ctx.config.accounts.myGaragePath} answered ${gate.status}, not the sign-in gate`;
      return need((await ctx.page(gate.location)).html.includes("My Garage"), "the sign-in page does not name My Garage");
    },
  },
  "features.watchlist": onPage("car cards carry a save button", () => "/search", () => 'data-testid="watchlist-save"'),
  "features.authentication": onPage("the header offers sign-in", () => "/", () => /data-testid="account-control"[\s\S]{0,400}Sign in/),
  "features.checkout": onVdp("an in-stock car's VDP links to reserve it", (ctx) => new RegExp(`href="/cars/[^"]+/${ctx.config.features.checkoutPath}"`)),
  "features.onlinePurchase": onVdp("an in-stock car's VDP links to the purchase journey", () => 'href="/checkout-journey?car_id='),
  "features.chat": onVdp("the VDP offers a chat", () => 'data-kind="chat"'),
  "features.spinToWin": {
    shows: "a page links to the spin-to-win promotion, which answers",
    async check(ctx) {
      const home = await ctx.page("/");
      if (!home.html.includes('href="/spin-to-win"')) return "no link to /spin-to-win on the home page";
      const page = await ctx.page("/spin-to-win");
      return need(page.status === 200 || (page.location ?? "").startsWith("/sign-in"), `/spin-to-win answered ${page.status}`);
    },
  },
  "features.compare": {
    shows: "a car with photos has a compare toggle",
    async check(ctx) {
      const [car] = await ctx.db.select({ stockNumber: cars.stockNumber }).from(cars).where(and(eq(cars.siteId, ctx.site.id), eq(cars.status, "in_stock"), gt(cars.photosCount, 0))).limit(1);
      if (!car) return "no car with photos";
      return need((await firstCard(ctx, srpOf(car.stockNumber))).includes('data-testid="compare-toggle"'), `${car.stockNumber} has no compare toggle`);
    },
  },
  "features.favouritesStrict": {
    shows: "a car without photos has no compare or favourites button (the strict photo rule)",
    async check(ctx) {
      const [car] = await ctx.db.select({ stockNumber: cars.stockNumber }).from(cars).where(and(eq(cars.siteId, ctx.site.id), eq(cars.status, "in_stock"), eq(cars.photosCount, 0))).limit(1);
      if (!car) return "no car without photos";
      const card = await firstCard(ctx, srpOf(car.stockNumber));
      return need(card !== "" && !card.includes('data-testid="compare-toggle"') && !/to favourites"/.test(card), `${car.stockNumber} (no photos) still has a toggle`);
    },
  },
  "leads.multiStep": onPage("enquiry forms go in steps", () => "/enquiries/general-enquiry", () => /Step 1 of 2/),
  "finance.generatedLenderRates": onPage("car cards show finance estimates from the site's lender rates", () => "/search", () => /Estimated (weekly|fortnightly|monthly) repayments/),
  "finance.quoteService": { notShopperVisible: "asks the quote service for a car's repayments when its feed has none; the estimates it fills are probed by finance.generatedLenderRates" },
  "tradeIn.saveValuationToMiscellaneous": { notShopperVisible: "also files a trade-in valuation with the dealer's back office (spec 7 POST /api/miscellaneous); the shopper sees the same valuation" },
  "links.locationCardStockLink": onPage("location cards link to their stock", () => "/our-location", () => "View Our Stock"),
  "locationsPage.carouselForAll": onPage("the contact page's location block is a carousel", () => "/contact-us", () => 'aria-roledescription="carousel"'),
  "locationsPage.alternatingSaturday": {
    shows: "a service location's hours say which Saturdays are by appointment",
    async check(ctx) {
      const rule = ctx.config.locationsPage.alternatingSaturday!;
      const [loc] = await ctx.db.select({ slug: locations.slug }).from(locations).where(and(eq(locations.siteId, ctx.site.id), inArray(locations.locationType, rule.locationTypes))).limit(1);
      if (!loc) return "no location of the rule's types";
      const path = `/${ctx.config.links.locationDetailPrefix}/${loc.slug}`;
      return need(text((await ctx.page(path)).html).includes(rule.appointmentText), `${path} does not say '${rule.appointmentText}'`);
    },
  },
  "navigation.popup": {
    shows: "the home page carries the promotional popup",
    async check(ctx) {
      const popup = ctx.config.navigation.popup!;
      if (text((await ctx.page("/")).html).includes(popup.title)) return null;
      // The popup's dates are config data: a demo popup past its end date shows nowhere.
      return popup.expiresAt && Date.parse(popup.expiresAt) < Date.now() ? `the popup '${popup.title}' ended on ${popup.expiresAt}: move its dates` : `the home page lacks the popup '${popup.title}'`;
    },
  },
  "features.hideTradeInBannerText": {
    shows: "the trade-in banner item and cards make no 'instant offer' promise",
    async check(ctx) {
      const home = (await ctx.page("/")).html;
      const srp = (await ctx.page("/search")).html;
      if (!home.includes(`href="${ctx.config.navigation.featureBanner.tradeInUrl}"`)) return "the feature banner has no trade-in item";
      return need(!/instant offer/i.test(home) && !/instant offer/i.test(srp), "a page still promises an instant offer");
    },
  },
};
