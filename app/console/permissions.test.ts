import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accessOf, isChange, matrixAsMarkdown, PERMISSIONS, rolesWith, STAFF_ROLES } from "./permissions";

describe("console permission matrix (issue 48 item 3)", () => {
  it("read-only staff hold every view and no change", () => {
    for (const p of PERMISSIONS) {
      const held = accessOf("read_only", p) !== null;
      if (isChange(p)) expect(held, p).toBe(false);
    }
    expect(accessOf("read_only", "audit.view")).toBe("all");
    expect(accessOf("read_only", "leads.view")).toBe("all");
  });

  it("platform operators hold everything; only they onboard", () => {
    for (const p of PERMISSIONS) expect(accessOf("platform_operator", p), p).toBe("all");
    expect(rolesWith("platform.onboard")).toEqual(["platform_operator"]);
  });

  it("sales reach only their assigned locations, and never settings, content, staff or audit", () => {
    for (const p of ["leads.view", "leads.edit", "stock.edit", "reservations.edit"] as const) expect(accessOf("sales", p)).toBe("assigned-locations");
    for (const p of ["settings.view", "content.edit", "staff.view", "audit.view"] as const) expect(accessOf("sales", p)).toBeNull();
  });

  it("content editors edit content and only the editable settings sections, and see no leads", () => {
    expect(accessOf("content_editor", "settings.edit")).toBe("editable-sections");
    expect(accessOf("content_editor", "content.publish")).toBe("all");
    expect(accessOf("content_editor", "leads.view")).toBeNull();
  });

  it("group and site roles never reach the platform; site roles never a group", () => {
    for (const role of STAFF_ROLES.filter((r) => r !== "platform_operator")) expect(accessOf(role, "platform.onboard")).toBeNull();
    for (const role of ["site_manager", "sales", "content_editor", "read_only"] as const) expect(accessOf(role, "group.view")).toBeNull();
  });

  it("docs/console-permissions.md shows the matrix the server enforces", () => {
    expect(readFileSync("docs/console-permissions.md", "utf8")).toContain(matrixAsMarkdown());
  });
});
