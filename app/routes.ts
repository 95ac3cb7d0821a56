import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors spec section 2.1; later issues add the remaining routes.
export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:first", "routes/search.tsx", { id: "search-landing" }),
  route("search/:make/:model", "routes/search.tsx", { id: "search-make-model" }),
  route("cars/:slug", "routes/car.tsx"),
  route("our-location", "routes/our-location.tsx"),
  route("finance", "routes/finance.tsx", { id: "finance" }),
  route("finance-enquiry", "routes/finance.tsx", { id: "finance-enquiry" }),
  route("apply-for-finance", "routes/finance.tsx", { id: "apply-for-finance" }),
  route("personalised/finance", "routes/personalised-finance.tsx"),
  route("car-finance", "routes/car-finance.tsx"),
  route("api/youx/quote", "routes/api.youx-quote.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
