/**
 * The interactive map (Leaflet), loaded only by dynamic import from <LocationMap> after the page
 * is interactive: never part of the initial bundle, never run on the server.
 */
import L from "leaflet";
import "leaflet/dist/leaflet.css";

/**
 * Mounts a map centred on a location with a circle marker.
 * @param el the container
 * @param opts degrees lat/long, zoom 15, tile URL template, attribution, marker title
 * @param onUnavailable called once when tiles cannot be loaded (offline, blocked or failing host)
 * @returns a function that removes the map
 */
export function mountMap(el: HTMLElement, opts: { lat: number; long: number; tileUrl: string; attribution: string; title: string }, onUnavailable: () => void): () => void {
  const map = L.map(el, { scrollWheelZoom: false, attributionControl: true }).setView([opts.lat, opts.long], 15);
  let loaded = 0;
  let failed = false;
  const fail = () => {
    if (failed || loaded > 0) return;
    failed = true;
    onUnavailable();
  };
  L.tileLayer(opts.tileUrl, { attribution: opts.attribution, maxZoom: 19 })
    .on("tileload", () => {
      loaded++;
    })
    .on("tileerror", fail)
    .addTo(map);
  L.circleMarker([opts.lat, opts.long], { radius: 10, color: "#1e293b", fillColor: "#ef4444", fillOpacity: 0.9 }).addTo(map).bindTooltip(opts.title);
  // A tile host that never answers counts as unavailable too.
  const timer = window.setTimeout(fail, 10_000);
  return () => {
    window.clearTimeout(timer);
    map.remove();
  };
}
