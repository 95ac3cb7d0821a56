import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors spec section 2.1; later issues add the remaining routes.
export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:first", "routes/search.tsx", { id: "search-landing" }),
  route("search/:make/:model", "routes/search.tsx", { id: "search-make-model" }),
  route("pre-owned", "routes/search.tsx", { id: "pre-owned" }),
  route("models", "routes/models.tsx"),
  route("api/search", "routes/api.search.ts"),
  route("cars/:slug", "routes/car.tsx"),
  route("our-location", "routes/our-location.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
