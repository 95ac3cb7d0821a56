/**
 * The console's per-request values on the router context (decision 249): set by the server for
 * requests on the console host, null on every dealer host.
 */
import { sharedContext } from "../context";
import type { StaffAuth } from "./auth.server";

export interface ConsoleRequest {
  auth: StaffAuth;
  /** The console's public origin for this request, e.g. "http://console.localhost:3000". */
  origin: string;
  clientIp: string | null;
  /**
   * Tells this process's site resolver that sites or their hosts changed (onboarding), so the new
   * host answers on its next request rather than after the resolver's cache time.
   */
  sitesChanged?: () => void;
}

export const consoleContext = sharedContext<ConsoleRequest | null>("console", null);
