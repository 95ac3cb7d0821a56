/**
 * The console's promotions editor (issue 50 item 3): the home page's feature banner, the
 * promotional popup and the home banners (SiteConfig `navigation.featureBanner`, `.popup`,
 * `.banners`, spec 2.6), as plain fields instead of JSON. The form is checked here, then the
 * result by the SiteConfig schema when it is published (decision 337's publisher).
 */
import { z } from "zod";
import { DAY_THAT_EXISTS, isCalendarDate } from "~/domain/text/calendar-date";
import type { Banner, NavigationConfig, Popup } from "~/sites/site-config";

const LINK_MESSAGE = 'Use a path of this site starting with "/" or an https:// address.';
const link = z.string().trim().max(500, "Use at most 500 characters.").regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>]*$/, LINK_MESSAGE);
const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date.").refine((v) => isCalendarDate(v, true), DAY_THAT_EXISTS);
const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** One dated promotion's shared fields: a button (label and link together) and its dates. */
const dated = {
  buttonLabel: words(40).optional(),
  buttonUrl: link.optional(),
  startsAt: day.optional(),
  expiresAt: day.optional(),
};

function checkDated(value: { buttonLabel?: string; buttonUrl?: string; startsAt?: string; expiresAt?: string }, ctx: z.RefinementCtx) {
  if (value.buttonLabel && !value.buttonUrl) ctx.addIssue({ code: "custom", path: ["buttonUrl"], message: "Enter where the button goes." });
  if (value.buttonUrl && !value.buttonLabel) ctx.addIssue({ code: "custom", path: ["buttonLabel"], message: "Enter the button's text." });
  if (value.startsAt && value.expiresAt && value.expiresAt < value.startsAt) ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "The expiry must be on or after the start." });
}

/** The form: `featureBanner.*`, `popup.*`, `banners[i].*` (a banner row without a title and anything else is dropped). */
export const PromotionsFormSchema = z.object({
  featureBanner: z.object({
    enabled: z.enum(["yes", "no"]).default("no"),
    offersUrl: link.default("/special-offers"),
    tradeInUrl: link.default("/trade-in"),
  }),
  popup: z
    .object({
      show: z.enum(["yes", "no"]).default("no"),
      title: words(120).optional(),
      description: words(500).optional(),
      imageUrl: z.string().trim().max(500).regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>]*$/, "Use an https:// address or a path on this site.").optional(),
      imageAlt: words(200).optional(),
      ...dated,
    })
    .superRefine((popup, ctx) => {
      if (popup.show === "yes" && !popup.title) ctx.addIssue({ code: "custom", path: ["title"], message: "Enter the popup's title." });
      checkDated(popup, ctx);
    }),
  banners: z
    .array(
      z
        .object({ title: words(120).optional(), subtitle: words(300).optional(), ...dated })
        .superRefine((banner, ctx) => {
          if (!banner.title && Object.values(banner).some(Boolean)) ctx.addIssue({ code: "custom", path: ["title"], message: "Enter the banner's title (or empty the row to remove it)." });
          checkDated(banner, ctx);
        }),
    )
    .default([]),
});
export type PromotionsForm = z.infer<typeof PromotionsFormSchema>;

/** Every site path the form links to (the editor checks each answers). */
export function promotionLinks(form: PromotionsForm): string[] {
  const urls = [form.featureBanner.offersUrl, form.featureBanner.tradeInUrl, form.popup.show === "yes" ? form.popup.buttonUrl : undefined, ...form.banners.map((b) => b.buttonUrl)];
  return [...new Set(urls.filter((u): u is string => !!u && u.startsWith("/")))];
}

/**
 * The navigation config's promotion fields for a valid form. The popup keeps its id (visitors who
 * dismissed it are not asked again) unless its title changed: a new promotion shows to everyone.
 * @param now epoch ms, for a new popup id
 */
export function promotionsConfig(form: PromotionsForm, current: Pick<NavigationConfig, "popup">, now: number): Pick<NavigationConfig, "featureBanner" | "popup" | "banners"> {
  const p = form.popup;
  const popup: Popup | null =
    p.show === "yes" && p.title
      ? {
          id: current.popup && current.popup.title === p.title ? current.popup.id : `popup-${now.toString(36)}`,
          imageUrl: p.imageUrl ?? null,
          imageAlt: p.imageAlt ?? "",
          title: p.title,
          description: p.description ?? "",
          button: p.buttonLabel && p.buttonUrl ? { label: p.buttonLabel, url: p.buttonUrl } : null,
          startsAt: p.startsAt ?? null,
          expiresAt: p.expiresAt ?? null,
        }
      : null;
  const banners: Banner[] = form.banners
    .filter((b) => b.title)
    .map((b) => ({ title: b.title!, subtitle: b.subtitle ?? "", buttons: b.buttonLabel && b.buttonUrl ? [{ label: b.buttonLabel, url: b.buttonUrl }] : [], startsAt: b.startsAt ?? null, expiresAt: b.expiresAt ?? null }));
  return { featureBanner: { enabled: form.featureBanner.enabled === "yes", offersUrl: form.featureBanner.offersUrl, tradeInUrl: form.featureBanner.tradeInUrl }, popup, banners };
}

/** The form's flat values for a config (what the page's fields show). */
export function promotionsValues(nav: Pick<NavigationConfig, "featureBanner" | "popup" | "banners">): Record<string, string> {
  const values: Record<string, string> = {
    "featureBanner.enabled": nav.featureBanner.enabled ? "yes" : "no",
    "featureBanner.offersUrl": nav.featureBanner.offersUrl,
    "featureBanner.tradeInUrl": nav.featureBanner.tradeInUrl,
    "popup.show": nav.popup ? "yes" : "no",
  };
  const p = nav.popup;
  if (p) Object.assign(values, { "popup.title": p.title, "popup.description": p.description, "popup.imageUrl": p.imageUrl ?? "", "popup.imageAlt": p.imageAlt, "popup.buttonLabel": p.button?.label ?? "", "popup.buttonUrl": p.button?.url ?? "", "popup.startsAt": p.startsAt?.slice(0, 10) ?? "", "popup.expiresAt": p.expiresAt?.slice(0, 10) ?? "" });
  nav.banners.forEach((b, i) => Object.assign(values, { [`banners[${i}].title`]: b.title, [`banners[${i}].subtitle`]: b.subtitle, [`banners[${i}].buttonLabel`]: b.buttons[0]?.label ?? "", [`banners[${i}].buttonUrl`]: b.buttons[0]?.url ?? "", [`banners[${i}].startsAt`]: b.startsAt?.slice(0, 10) ?? "", [`banners[${i}].expiresAt`]: b.expiresAt?.slice(0, 10) ?? "" }));
  return values;
}
