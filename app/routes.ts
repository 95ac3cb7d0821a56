import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors spec section 2.1; later issues add the remaining routes.
export default [
  index("routes/home.tsx"),
  route("search", "routes/search.tsx", { id: "search" }),
  route("search/:first", "routes/search.tsx", { id: "search-landing" }),
  route("search/:make/:model", "routes/search.tsx", { id: "search-make-model" }),
  route("cars/:slug", "routes/car.tsx"),
  route("our-location", "routes/our-location.tsx"),
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
  route("finance-enquiry", "routes/lead-page.tsx", { id: "lead-finance-enquiry" }),
  route("success", "routes/success.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
