/**
 * Location map (issue 12 "Maps"): always the address and a map link (place_url); an interactive
 * Leaflet map (tile URL from site config) is imported lazily once the page is interactive and
 * idle, and is removed again, leaving the link and address, when tiles cannot be loaded.
 */
import { useEffect, useRef, useState } from "react";

export interface LocationMapProps {
  name: string;
  address: string;
  placeUrl: string | null;
  lat: number | null;
  long: number | null;
  /** {z}/{x}/{y} template; null: link and address only. */
  tileUrl: string | null;
  attribution: string;
}

export function LocationMap({ name, address, placeUrl, lat, long, tileUrl, attribution }: LocationMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"static" | "loading" | "map" | "unavailable">("static");
  const interactive = tileUrl !== null && lat !== null && long !== null;

  useEffect(() => {
    if (!interactive || !el.current) return;
    let cancelled = false;
    let unmount: (() => void) | null = null;
    const start = () => {
      setState("loading");
      import("./leaflet-map.client")
        .then(({ mountMap }) => {
          if (cancelled || !el.current) return;
          unmount = mountMap(el.current, { lat: lat!, long: long!, tileUrl: tileUrl!, attribution, title: name }, () => {
            unmount?.();
            unmount = null;
            if (!cancelled) setState("unavailable");
          });
          setState((s) => (s === "unavailable" ? s : "map"));
        })
        .catch(() => !cancelled && setState("unavailable"));
    };
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 1);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      unmount?.();
    };
  }, [interactive, lat, long, tileUrl, attribution, name]);

  return (
    <div>
      <address className="not-italic text-slate-700">
        {name}
        <br />
        {address}
      </address>
      {placeUrl ? (
        <a href={placeUrl} className="mt-2 inline-block font-medium underline" rel="noopener noreferrer" target="_blank">
          Open in maps<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      {interactive && state !== "unavailable" ? (
        <div ref={el} role="region" aria-label={`Map of ${name}`} data-map-state={state} className="relative z-0 mt-4 h-72 w-full rounded bg-slate-100" />
      ) : null}
      {state === "unavailable" ? (
        <p className="mt-2 text-sm text-slate-600" data-map-state="unavailable">
          The interactive map is unavailable right now; use the map link above.
        </p>
      ) : null}
    </div>
  );
}
