/**
 * Helpers for console tests (issue 48): requests on the console host from a given client address
 * (the app trusts the proxy, so X-Forwarded-For's last hop is the client), a mailer that keeps
 * what it would send, and sign-in through a one-time link.
 */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client";
import { staffSessions } from "../../db/schema/index";
import { StaffAuth, type StaffMailer } from "../../app/console/auth.server";
import { addStaffMember } from "../../app/console/staff.server";
import type { TestApp } from "./app-harness";

export const CONSOLE_HOST = "console.localhost";
export const CONSOLE_ORIGIN = `http://${CONSOLE_HOST}`;

/** A mailer that records every message (newest last). */
export function recordingMailer(): StaffMailer & { sent: { to: string; subject: string; text: string }[] } {
  const sent: { to: string; subject: string; text: string }[] = [];
  return {
    sent,
    async send(to, subject, text) {
      sent.push({ to, subject, text });
    },
  };
}

/** A file part of a multipart post: its name as the browser sends it, bytes and media type. */
export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type: string;
}

/**
 * Sends `path` to the console host as client `ip`, with a staff `cookie` when given. A `form` is
 * posted URL-encoded, or as multipart/form-data (what a browser sends for a form with a file
 * input) when `files` are given: each entry of `files` is one or more file parts under that name.
 */
export function consoleRequest(t: TestApp, path: string, options: { ip: string; cookie?: string; method?: string; form?: Record<string, string>; files?: Record<string, UploadFile[]> }): Promise<Response> {
  const headers = new Headers({ "x-forwarded-for": options.ip });
  if (options.cookie) headers.set("cookie", options.cookie);
  const posted = options.form ?? (options.files ? {} : undefined);
  if (posted) headers.set("origin", CONSOLE_ORIGIN);
  let body: string | FormData | undefined;
  if (options.files) {
    const multipart = new FormData();
    for (const [name, value] of Object.entries(posted!)) multipart.append(name, value);
    for (const [name, files] of Object.entries(options.files)) for (const f of files) multipart.append(name, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    // fetch writes the content type with its boundary.
    body = multipart;
  } else if (posted) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(posted).toString();
  }
  return t.request(path, { host: CONSOLE_HOST, method: options.method ?? (posted ? "POST" : "GET"), headers, body, redirect: "manual" });
}

/** The `name=value` pairs of a response's Set-Cookie headers, for the next request's Cookie. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * Signs `email` in through a one-time link (what `npm run staff` prints) and returns the cookie.
 * @throws when the link does not sign in
 */
export async function signInByLink(t: TestApp, handle: DatabaseHandle, email: string, ip: string): Promise<string> {
  const link = await new StaffAuth(handle.db, recordingMailer()).signInLink(CONSOLE_ORIGIN, email);
  const url = new URL(link);
  const response = await consoleRequest(t, `${url.pathname}${url.search}`, { ip });
  const cookie = cookiesOf(response);
  if (response.status !== 302 || !cookie.startsWith("fc_staff=")) throw new Error(`the sign-in link answered ${response.status} without a session cookie`);
  return cookie;
}

/**
 * A client address of its own for one test: better-auth's rate limits are kept in the database,
 * so runs on one PostgreSQL must not share an address.
 */
export function freshClientIp(): string {
  const n = Math.floor(Math.random() * 0xffffff);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Adds one staff member per role to `site` (a fresh e-mail each) and signs each in from `ip`.
 * @returns the session cookie of each role
 */
export async function signInSiteStaff<R extends "site_manager" | "content_editor" | "read_only" | "sales">(t: TestApp, handle: DatabaseHandle, roles: readonly R[], ip: string): Promise<Record<R, string>> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const cookies = {} as Record<R, string>;
  for (const role of roles) {
    const email = `${role}-${stamp}@console.test`;
    await addStaffMember(handle.db, { email, role, target: { siteSlug: t.site.slug } });
    cookies[role] = await signInByLink(t, handle, email, ip);
  }
  return cookies;
}

/**
 * Records a signed-in session as a passkey sign-in, as if its member had confirmed with a passkey
 * (operators need one for site, group and platform pages, ASVS 4.3.1). Integration tests have no
 * WebAuthn authenticator; the passkey ceremony itself runs in Chromium (tests/e2e/console-story.spec.ts).
 */
export async function asPasskeySession(handle: DatabaseHandle, cookie: string): Promise<string> {
  const value = /(?:^|;\s*)fc_staff=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error("no staff session cookie");
  const token = decodeURIComponent(value).split(".")[0];
  const rows = await handle.db.update(staffSessions).set({ authMethod: "passkey" }).where(eq(staffSessions.token, token)).returning({ id: staffSessions.id });
  if (rows.length !== 1) throw new Error("that cookie's session is not in the database");
  return cookie;
}

/** Moves a session's sign-in `minutes` into the past (its sign-in is then no longer fresh for high-value changes). */
export async function ageSession(handle: DatabaseHandle, cookie: string, minutes: number): Promise<void> {
  const value = /(?:^|;\s*)fc_staff=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error("no staff session cookie");
  const token = decodeURIComponent(value).split(".")[0];
  await handle.db.update(staffSessions).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(staffSessions.token, token));
}
