/**
 * Interactive parts of the vehicle detail page (spec 2.4, 4, 7, 8, 9 "Display"). Each renders a
 * useful server-side state first (links and forms work without JavaScript) and adds behaviour
 * after hydration.
 */
import { useEffect, useRef, useState } from "react";
import { COPIED_LABEL, COPIED_NOTICE_MS, SHARE_WINDOW, whatsappNetworkFor, type ShareNetwork } from "~/domain/display/share";
import { showCopiedLinkToast } from "~/components/accounts/copied-link-toast";
import { collapseDealerComments } from "~/domain/display/dealer-comments";
import { collapseList } from "~/domain/display/spec-list";
import { ANALYTICS_EVENTS, track } from "../../analytics";
import { recordViewedCar, type ViewedCar } from "../saved-cars";
import { useSiteSlug } from "../use-site-slug";
import { wholeNumberText } from "~/domain/display/number-text";

/**
 * Call-the-dealer number, spec 2.4 / 4: masked after its first 5 characters until clicked. The
 * first click posts the phone-reveal record (server side, once) and fires event 25; later clicks
 * only dial. Without JavaScript the button submits the same POST and the page returns unmasked.
 */
export function PhoneReveal({ slug, phone, revealed: initiallyRevealed }: { slug: string; phone: { display: string; masked: string; href: string }; revealed: boolean }) {
  const [revealed, setRevealed] = useState(initiallyRevealed);
  const logged = useRef(initiallyRevealed);
  if (revealed) {
    return (
      <a href={phone.href} className="text-2xl font-bold text-[var(--site-primary)] underline" data-testid="dealer-phone">
        {phone.display}
      </a>
    );
  }
  return (
    <form
      method="post"
      action={`/cars/${slug}/phone-reveal`}
      onSubmit={(event) => {
        event.preventDefault();
        setRevealed(true);
        if (logged.current) return;
        logged.current = true;
        track(ANALYTICS_EVENTS.phoneClick, { car: slug });
        void fetch(`/cars/${slug}/phone-reveal`, { method: "POST", headers: { Accept: "application/json" } }).catch((error) => console.warn("phone reveal not logged", error));
      }}
    >
      {/* WCAG 2.5.3 (label in name): the accessible name is the visible text, introduced by hidden words. */}
      <button type="submit" className="text-2xl font-bold tracking-wide" data-testid="dealer-phone">
        <span className="sr-only">Dealer&apos;s phone number: </span>
        {phone.masked} <span className="ml-2 text-sm font-normal underline">Show number</span>
      </button>
    </form>
  );
}

/** The menu's entries in order; "whatsapp" is the app or web link, chosen by device. */
const MENU_ENTRIES = ["facebook", "twitter", "linkedin", "whatsapp", "email", "sms"] as const;
const NETWORK_LABELS: Record<(typeof MENU_ENTRIES)[number], string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  email: "Email",
  sms: "SMS",
};

/** This browser's WhatsApp link (spec 7): the app link until hydration, then by device. */
function useWhatsappNetwork(): ShareNetwork {
  const [network, setNetwork] = useState<ShareNetwork>("whatsapp-mobile");
  useEffect(() => {
    const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
    setNetwork(whatsappNetworkFor({ userAgent: navigator.userAgent, mobileHint: hint, coarsePointer: window.matchMedia?.("(pointer: coarse)").matches ?? false }));
  }, []);
  return network;
}
const POPUP_NETWORKS: ShareNetwork[] = ["facebook", "twitter"];

/**
 * Share menu, spec 4 / 7 / 9: social, WhatsApp (app or web by device), email, SMS links and copy
 * link ('Copied' for 1.5 s, and the 3 s copied-link toast).
 */
export function ShareMenu({ url, links }: { url: string; links: Record<ShareNetwork, string> }) {
  const [copied, setCopied] = useState(false);
  const whatsapp = useWhatsappNetwork();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded border border-slate-300 px-3 py-2 text-sm">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" /><path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" /></svg>
        Share
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-48 rounded border border-slate-200 bg-white p-2 text-sm shadow-lg">
        {MENU_ENTRIES.map((entry) => entry === "whatsapp" ? whatsapp : entry).map((network, i) => (
          <li key={MENU_ENTRIES[i]}>
            <a
              href={links[network]}
              className="block rounded px-2 py-1 hover:bg-slate-100"
              target={network === "email" || network === "sms" ? undefined : "_blank"}
              rel="noopener noreferrer"
              onClick={(event) => {
                if (!POPUP_NETWORKS.includes(network)) return;
                const popup = window.open(links[network], "share", `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height}`);
                if (popup) event.preventDefault();
              }}
            >
              {NETWORK_LABELS[MENU_ENTRIES[i]]}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="block w-full rounded px-2 py-1 text-left hover:bg-slate-100"
            onClick={() => {
              navigator.clipboard?.writeText(url).then(
                () => {
                  setCopied(true);
                  void showCopiedLinkToast();
                },
                (error) => console.warn("copy failed", error),
              );
            }}
          >
            <span aria-live="polite">{copied ? COPIED_LABEL : "Copy link"}</span>
          </button>
        </li>
      </ul>
    </details>
  );
}

/** Print button, spec 2.4: opens /print?car_id={slug} in a new tab and fires event 61. */
export function PrintLink({ slug }: { slug: string }) {
  return (
    <a href={`/print?car_id=${encodeURIComponent(slug)}`} target="_blank" rel="noopener" className="rounded border border-slate-300 px-3 py-2 text-sm" onClick={() => track(ANALYTICS_EVENTS.print, { car: slug })}>
      Print
    </a>
  );
}

/**
 * PDF brochure download, spec 4 / 7 / 8: 'Preparing...' while the download runs, saved as
 * {slug}.pdf, a browser alert with the error message on failure. Without JavaScript the link
 * downloads the file directly.
 */
export function PdfDownload({ slug }: { slug: string }) {
  const [downloading, setDownloading] = useState(false);
  const href = `/cars/${slug}/brochure.pdf`;
  return (
    <a
      href={href}
      download={`${slug}.pdf`}
      aria-busy={downloading}
      className="rounded border border-slate-300 px-3 py-2 text-sm"
      onClick={async (event) => {
        event.preventDefault();
        if (downloading) return;
        setDownloading(true);
        try {
          const response = await fetch(href);
          if (!response.ok) throw new Error(`The brochure could not be created (${response.status})`);
          const blob = await response.blob();
          const url = URL.createObjectURL(blob);
          const a = document.createElement("a");
          a.href = url;
          a.download = `${slug}.pdf`;
          document.body.append(a);
          a.click();
          a.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        } catch (error) {
          window.alert(error instanceof Error ? error.message : String(error));
        } finally {
          setDownloading(false);
        }
      }}
    >
      {downloading ? "Preparing..." : "Download PDF"}
    </a>
  );
}

/** Dealer comments with the 400-character 'more...' / 'less...' toggle (spec 2.4, 5, 9). */
export function DealerComments({ paragraphs }: { paragraphs: string[] }) {
  const [expanded, setExpanded] = useState(false);
  const view = collapseDealerComments(paragraphs, expanded);
  return (
    <div data-testid="dealer-comments">
      {view.paragraphs.map((p, i) => (
        <p key={i} className="mt-2 text-slate-700">
          {p}
        </p>
      ))}
      {view.hasToggle ? (
        <button type="button" className="mt-2 text-sm font-semibold underline" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {view.toggleLabel}
        </button>
      ) : null}
    </div>
  );
}

/** A list with a show more / show less toggle: specs (first 4) and features (limit 8), spec 2.4 / 9. */
export function CollapsibleList<T>({ items, limit, render, as = "ul", className, testId }: { items: T[]; limit: number; render: (item: T, index: number) => React.ReactNode; as?: "ul" | "dl"; className?: string; testId?: string }) {
  const [expanded, setExpanded] = useState(false);
  const view = collapseList(items, limit, expanded);
  const List = as;
  return (
    <>
      <List className={className} data-testid={testId}>
        {view.visible.map(render)}
      </List>
      {view.hasToggle ? (
        <button type="button" className="mt-2 text-sm font-semibold underline" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {view.toggleLabel}
        </button>
      ) : null}
    </>
  );
}

/** Sticky mobile bar, spec 4: shown once the page has scrolled past 900 px. */
export function StickyBar({ children }: { children: React.ReactNode }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 900);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <div
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white p-3 shadow-lg transition-transform lg:hidden ${visible ? "translate-y-0" : "translate-y-full"}`}
      data-testid="sticky-bar"
      data-visible={visible}
      aria-hidden={!visible}
      inert={!visible}
    >
      {children}
    </div>
  );
}

/**
 * After hydration: counts the view (spec 7 view.json; a non-OK answer yields nothing, spec 8),
 * stores the viewed car under the site's key (spec 9) and fires event 4 for a used car (spec 7).
 */
export function ViewTracker({ slug, viewed, used }: { slug: string; viewed: ViewedCar; used: boolean }) {
  const siteSlug = useSiteSlug();
  const [views, setViews] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/cars/${slug}/view.json`, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ views?: number }>) : null))
      .then((body) => {
        if (live && body && typeof body.views === "number") setViews(body.views);
      })
      .catch(() => {});
    try {
      recordViewedCar(window.localStorage, siteSlug, viewed);
    } catch (error) {
      console.warn("viewed cars: storage unavailable", error);
    }
    if (used) track(ANALYTICS_EVENTS.usedCarView, { vehicleMake: viewed.make, vehicleModel: viewed.model, stockNumber: viewed.stocknum });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);
  return views === null ? null : (
    <p className="mt-2 text-xs text-slate-500" data-testid="view-count">
      Viewed {wholeNumberText(views)} {views === 1 ? "time" : "times"}
    </p>
  );
}

/** History report link, spec 5: fires event 60 when opened. */
export function HistoryReportLink({ href, label, className }: { href: string; label: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={() => track(ANALYTICS_EVENTS.historyReport, {})}>
      {label}
    </a>
  );
}
