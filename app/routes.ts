import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors spec section 2.1; later issues add the remaining routes.
export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:first", "routes/search.tsx", { id: "search-landing" }),
  route("search/:make/:model", "routes/search.tsx", { id: "search-make-model" }),
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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
