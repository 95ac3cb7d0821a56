/** `npm run staff -- add` input (issue 48): the role is taken as written in docs and scripts. */
import { describe, expect, it } from "vitest";
import { StaffAddCommand } from "./staff-command.server";

describe("StaffAddCommand", () => {
  it("takes a role with hyphens or underscores, in any case, and refuses an unknown one", () => {
    const base = { command: "add", email: "a@example.com", site: "perth-toyota" } as const;
    expect(StaffAddCommand.parse({ ...base, role: "site-manager" }).role).toBe("site_manager");
    expect(StaffAddCommand.parse({ ...base, role: "Site_Manager" }).role).toBe("site_manager");
    expect(StaffAddCommand.parse({ ...base, role: "read-only" }).role).toBe("read_only");
    expect(StaffAddCommand.safeParse({ ...base, role: "owner" }).success).toBe(false);
  });
});
