import { useEffect, useState } from "react";
import { Link } from "react-router";
import { callNowShownAt } from "~/domain/navigation/navigation";
import type { SiteNavigation } from "~/services/navigation.server";
import { telHref } from "~/domain/display/tel";

/** Spec 2.7: scrolling beyond this many px toggles the sticky footer's style. */
export const STICKY_FOOTER_SCROLL_PX = 50;

/**
 * The mobile sticky footer (spec 2.7): Call Now (only while the main location is open, by the
 * opening-hours check in the site's time zone), Enquire and Search. Past 50 px of scroll it
 * gains a raised style. The server's open-now answer is the first render; the browser re-checks
 * every minute with its own clock against the server's week-long Call Now plan (decision 194: no
 * time-zone work, so no ICU start-up, while the page loads), judging the hours itself only past it.
 */
export function StickyFooter({ data }: { data: SiteNavigation["stickyFooter"] }) {
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(data.openNow);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > STICKY_FOOTER_SCROLL_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    let live = true;
    const check = () => {
      const now = Date.now();
      const planned = callNowShownAt(data.callNow, now);
      if (planned !== null) return setOpen(planned);
      // A page older than its plan (a week): judge the hours here, loading the time-zone code then.
      void import("~/domain/navigation/call-now").then(({ isCallNowShown }) => live && setOpen(isCallNowShown(data, new Date(now))));
    };
    check();
    const id = window.setInterval(check, 60_000);
    return () => {
      live = false;
      window.clearInterval(id);
    };
  }, [data]);
  const button = "flex-1 rounded px-3 py-2 text-center text-sm font-semibold";
  return (
    <nav
      aria-label="Quick actions"
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t px-3 py-2 transition-shadow xl:hidden ${scrolled ? "border-slate-300 bg-white shadow-[0_-4px_12px_rgba(0,0,0,0.15)]" : "border-slate-200 bg-white/95"}`}
    >
      {open && data.phone ? (
        <a href={telHref(data.phone)} className={`${button} bg-emerald-700 text-white`}>
          Call Now
        </a>
      ) : null}
      <Link to={data.enquireUrl} className={`${button} bg-[var(--site-primary)] text-[var(--site-on-primary)]`}>
        Enquire
      </Link>
      <Link to={data.searchUrl} className={`${button} border border-slate-300 text-slate-900`}>
        Search
      </Link>
    </nav>
  );
}
