/**
 * `/sites/{slug}/settings`, `/staff` and `/audit` (issue 48 items 5-7). This foundation lists the
 * site's staff and its audit trail; the settings editor is the next step of issue 48.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Route } from "./+types/site-section";
import { guardConsoleRoute } from "~/console/guard.server";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/console/permissions";
import { staffAudit, staffRoles, staffUsers } from "../../../db/schema/index";

const SECTIONS = { "console-site-settings": "Settings", "console-site-staff": "Staff", "console-site-audit": "Audit trail" } as const;
type SectionId = keyof typeof SECTIONS;

function sectionOf(request: Request): SectionId {
  const path = new URL(request.url).pathname;
  return path.endsWith("/staff") ? "console-site-staff" : path.endsWith("/audit") ? "console-site-audit" : "console-site-settings";
}

export async function loader(args: Route.LoaderArgs) {
  const section = sectionOf(args.request);
  const { db, site } = await guardConsoleRoute(section, args);
  const scoped = site!.site;
  const staff =
    section === "console-site-staff"
      ? (
          await db
            .select({ email: staffUsers.email, role: staffRoles.role })
            .from(staffRoles)
            .innerJoin(staffUsers, eq(staffUsers.id, staffRoles.userId))
            .where(eq(staffRoles.siteId, scoped.id))
            .orderBy(staffUsers.email)
        ).map((r) => ({ email: r.email, role: (STAFF_ROLES as readonly string[]).includes(r.role) ? ROLE_LABELS[r.role as StaffRole] : r.role }))
      : [];
  const audit =
    section === "console-site-audit"
      ? (await db.select({ id: staffAudit.id, at: staffAudit.at, actor: staffAudit.actorEmail, action: staffAudit.action, entity: staffAudit.entity }).from(staffAudit).where(and(eq(staffAudit.siteId, scoped.id))).orderBy(desc(staffAudit.id)).limit(100)).map((r) => ({
          ...r,
          at: r.at.toISOString(),
        }))
      : [];
  return { section, title: SECTIONS[section], site: { slug: scoped.slug, name: scoped.name }, staff, audit };
}

export default function ConsoleSiteSection({ loaderData }: Route.ComponentProps) {
  const { site, title, section } = loaderData;
  return (
    <section aria-labelledby="section-title">
      <title>{`${title} · ${site.name} · Forecourt console`}</title>
      <p className="text-sm">
        <a href={`/sites/${site.slug}`} className="underline">
          {site.name}
        </a>
      </p>
      <h1 id="section-title" className="text-2xl font-bold">
        {title}
      </h1>
      {section === "console-site-settings" ? <p className="mt-3">The settings editor (drafts, preview, publish and rollback) comes in the next step of the console.</p> : null}
      {section === "console-site-staff" ? (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.staff.map((s) => (
              <tr key={`${s.email}-${s.role}`}>
                <td>{s.email}</td>
                <td>{s.role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {section === "console-site-audit" ? (
        loaderData.audit.length ? (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.audit.map((a) => (
                <tr key={a.id}>
                  <td>{a.at.replace("T", " ").slice(0, 19)}</td>
                  <td>{a.actor ?? "command line"}</td>
                  <td>{[a.action, a.entity].filter(Boolean).join(" · ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-3">Nothing recorded for this site yet.</p>
        )
      ) : null}
    </section>
  );
}
