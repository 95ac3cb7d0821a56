/**
 * Pages that carry one shopper's or one transaction's state in their address or cookies (the
 * trade-in wizard's steps after `?v=<token>`, sign-in, reserve and buy online, the purchase
 * journey, online payment): no cache may keep them, neither ours (server/page-cache.ts stores only
 * `public` answers) nor a browser's or a CDN's. Public pages get `public, no-cache,
 * stale-if-error` from server/app.ts instead (decision 180).
 */
export const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = { "Cache-Control": "private, no-store" };
