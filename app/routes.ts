import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { CONSOLE_PREFIX, CONSOLE_ROUTES } from "./console/route-table";

// Mirrors spec section 2.1; later issues add the remaining routes.
export default [
  // Every page sits in one pathless layout whose error boundary keeps the site's chrome (issue 51).
  layout("routes/site-layout.tsx", [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:first", "routes/search.tsx", { id: "search-landing" }),
  route("search/:make/:model", "routes/search.tsx", { id: "search-make-model" }),
  route("pre-owned", "routes/search.tsx", { id: "pre-owned" }),
  route("models", "routes/models.tsx"),
  route("api/search", "routes/api.search.ts"),
  route("cars/:slug", "routes/car.tsx"),
  // Issue 3: vehicle presentation (view counter, phone reveal, PDF brochure, print, favourites).
  route("cars/:slug/view.json", "routes/car-view.ts"),
  route("cars/:slug/phone-reveal", "routes/car-phone-reveal.ts"),
  route("cars/:slug/brochure.pdf", "routes/car-brochure.ts"),
  route("print", "routes/print.tsx"),
  route("favourites", "routes/favourites.tsx"),
  route("our-location", "routes/our-location.tsx"),
  route("finance", "routes/finance.tsx", { id: "finance" }),
  route("finance-enquiry", "routes/finance.tsx", { id: "finance-enquiry" }),
  route("apply-for-finance", "routes/finance.tsx", { id: "apply-for-finance" }),
  route("personalised/finance", "routes/personalised-finance.tsx"),
  route("car-finance", "routes/car-finance.tsx"),
  route("api/youx/quote", "routes/api.youx-quote.ts"),
  // Lead pages (issue 5): one route module; the path picks the form.
  route("enquiries/new-vehicle-enquiry", "routes/lead-page.tsx", { id: "lead-enquiries-new-vehicle-enquiry" }),
  route("enquiries/service-enquiry", "routes/lead-page.tsx", { id: "lead-enquiries-service-enquiry" }),
  route("enquiries/parts-enquiry", "routes/lead-page.tsx", { id: "lead-enquiries-parts-enquiry" }),
  route("enquiries/fleet-enquiry", "routes/lead-page.tsx", { id: "lead-enquiries-fleet-enquiry" }),
  route("enquiries/general-enquiry", "routes/lead-page.tsx", { id: "lead-enquiries-general-enquiry" }),
  route("enquiries/feedback", "routes/lead-page.tsx", { id: "lead-enquiries-feedback" }),
  route("customer-feedback-survey", "routes/lead-page.tsx", { id: "lead-customer-feedback-survey" }),
  route("book-test-drive", "routes/lead-page.tsx", { id: "lead-book-test-drive" }),
  route("service", "routes/lead-page.tsx", { id: "lead-service" }),
  route("genuine-service", "routes/lead-page.tsx", { id: "lead-genuine-service" }),
  route("parts-and-accessories", "routes/lead-page.tsx", { id: "lead-parts-and-accessories" }),
  route("vehicle-parts-and-accessories", "routes/lead-page.tsx", { id: "lead-vehicle-parts-and-accessories" }),
  route("parts/search", "routes/lead-page.tsx", { id: "lead-parts-search" }),
  route("fleet", "routes/lead-page.tsx", { id: "lead-fleet" }),
  route("success", "routes/success.tsx"),
  // Issue 9: accounts (sign-in, sign-out, My Garage and its variants, spin-to-win, watchlist API).
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("my-garage", "routes/my-garage.tsx", { id: "my-garage" }),
  route("garage", "routes/my-garage.tsx", { id: "my-garage-garage" }),
  route("my-account", "routes/my-garage.tsx", { id: "my-garage-my-account" }),
  route("spin-to-win", "routes/spin-to-win.tsx"),
  route("finance/external", "routes/finance-external.ts"),
  route("api/watchlist/save-car", "routes/api.watchlist.ts", { id: "api-watchlist-save-car" }),
  route("api/watchlist/remove-car", "routes/api.watchlist.ts", { id: "api-watchlist-remove-car" }),
  // Issue 10: reserve online (path segment per site: features.checkoutPath), purchase journey, online payment.
  route("cars/:slug/checkout", "routes/car-checkout.tsx", { id: "car-checkout" }),
  route("cars/:slug/buy-online", "routes/car-checkout.tsx", { id: "car-buy-online" }),
  route("checkout-journey", "routes/checkout-journey.tsx"),
  route("online-payment", "routes/online-payment.tsx"),
  route("__test/reservations/expire", "routes/test-hooks.reservations-expire.ts"),
  route("__test/scheduled-changes/run", "routes/test-hooks.scheduled-changes.ts"),
  route("__test/reservations/payment", "routes/test-hooks.reservations-payment.ts"),
  // Issue 12: locations (directory above), detail pages under both prefixes (one redirects), contact.
  route("our-location/:slug", "routes/location-detail.tsx", { id: "our-location-detail" }),
  route("contact-us/:slug", "routes/location-detail.tsx", { id: "contact-us-detail" }),
  route("contact-us", "routes/contact.tsx", { id: "contact-us" }),
  route("contact", "routes/contact.tsx", { id: "contact" }),
  // Issue 13: brand assets (favicon and app icons per site).
  route("favicon.svg", "routes/brand-icon.ts", { id: "favicon-svg" }),
  route("favicon.ico", "routes/brand-icon.ts", { id: "favicon-ico" }),
  route("apple-touch-icon.png", "routes/brand-icon.ts", { id: "apple-touch-icon" }),
  // Issue 11: trade-in valuation wizard (one module, four paths) and the valuation save call.
  route("trade-in", "routes/trade-in.tsx", { id: "trade-in" }),
  route("sell-my-car", "routes/trade-in.tsx", { id: "sell-my-car" }),
  route("sell-your-car", "routes/trade-in.tsx", { id: "sell-your-car" }),
  route("cars/trade-in", "routes/trade-in.tsx", { id: "car-trade-in" }),
  route("api/miscellaneous", "routes/api.miscellaneous.ts"),
  // Issue 14: offers, content and legal pages, sitemap and robots.
  route("special-offers", "routes/special-offers.tsx"),
  route("offers/:id", "routes/offer.tsx", { id: "offer" }),
  route("offers/:manufacturer/:id", "routes/offer.tsx", { id: "offer-manufacturer" }),
  route("privacy-policy", "routes/content-page.tsx", { id: "content-privacy-policy" }),
  route("terms-and-conditions", "routes/content-page.tsx", { id: "content-terms-and-conditions" }),
  route("about-us", "routes/content-page.tsx", { id: "content-about-us" }),
  route("careers", "routes/content-page.tsx", { id: "content-careers" }),
  route("buying", "routes/content-page.tsx", { id: "content-buying" }),
  route("warranty", "routes/content-page.tsx", { id: "content-warranty" }),
  route("diamond-advantage", "routes/content-page.tsx", { id: "content-diamond-advantage" }),
  route("pages/complaint-handling-process", "routes/complaints.tsx"),
  route("pages/unsubscribe", "routes/unsubscribe.tsx"),
  route("pages/*", "routes/content-page.tsx", { id: "content-pages" }),
  route("blog/vehicle-reviews", "routes/blog.tsx"),
  route("blog/vehicle-reviews/:slug", "routes/content-page.tsx", { id: "content-blog-article" }),
  route(":model/accessories", "routes/model-accessories.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-child.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Issue 17: make logos for illustrations, and the image endpoint.
  route("brand-logos/:file", "routes/brand-logo.ts"),
  route("images", "routes/image.ts"),
  // Issue 49 item 2: photos uploaded through the dealer console.
  route("car-photos/:file", "routes/car-photo.ts"),
  // Issue 50: images uploaded through the console (logo, favicon, location photos).
  route("media/:file", "routes/media.ts"),
  route("*", "routes/not-found.tsx"),
  ]),
  // Issue 48: the dealer console, answered only on the console host (decision 249); outside the
  // site layout, whose error page is a dealer site's.
  ...prefix(CONSOLE_PREFIX, [
    layout("routes/console/layout.tsx", { id: "console-layout" }, [
      ...CONSOLE_ROUTES.map((r) => (r.path === "" ? index(r.file, { id: r.id }) : route(r.path, r.file, { id: r.id }))),
      route("*", "routes/console/not-found.tsx", { id: "console-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
