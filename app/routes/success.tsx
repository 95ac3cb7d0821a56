/**
 * /success (spec 2.1): shown after a lead form is submitted. The category comes from the query
 * (no JavaScript) or the success-category entry in browser storage (spec 4).
 */
import { knownLeadCategory, successMessage } from "~/forms/lead-form-kinds";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/success";
import { readSuccessCategory } from "~/components/leads/lead-storage";
import { siteContext } from "~/context";

export function loader({ request, context, url }: Route.LoaderArgs) {
  const category = knownLeadCategory(url.searchParams.get("category")) ?? "";
  return { category, siteName: context.get(siteContext).name };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `Thank you | ${data?.siteName ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const [category, setCategory] = useState(loaderData.category);
  useEffect(() => {
    if (!category) setCategory(knownLeadCategory(readSuccessCategory()) ?? "");
  }, [category]);
  return (
    <section aria-labelledby="success-title" className="mx-auto max-w-2xl rounded-lg bg-white p-8 text-center shadow-sm">
      <h1 id="success-title" className="text-3xl font-bold">
        Thank you
      </h1>
      <p className="mt-3 text-slate-700" data-testid="success-message">
        {successMessage(category)} One of our team will be in touch shortly.
      </p>
      <Link to="/" className="mt-6 inline-block rounded bg-[var(--site-primary)] px-5 py-2 font-semibold text-[var(--site-on-primary)]">
        Back to home
      </Link>
    </section>
  );
}
