/**
 * `npm run staff -- add EMAIL --role ROLE (--site SLUG [--location SLUG]... | --group SLUG | --platform)`
 * `npm run staff -- link EMAIL`
 *
 * Adds a dealer-console staff member (issue 48) and prints a one-time sign-in link on the console
 * host; `link` prints a new link for an existing member. While `npm start` runs, the command goes
 * through the server's admin socket (decision 252), so the embedded database is never opened
 * twice; with no server running it opens the database itself.
 * `--help` prints the usage. Exit codes: 0 done (or help), 1 refused (the reason is printed), 2 usage.
 */
import { parseArgs } from "node:util";
import { adminSocketPath, sendAdminCommand } from "../server/admin-socket.ts";
import { StaffAuth } from "../app/console/auth.server.ts";
import { consoleOrigin } from "../app/console/host.ts";
import { STAFF_ROLES } from "../app/console/permissions.ts";
import { runStaffCommand, StaffCommand, type StaffCommandResult } from "../app/console/staff-command.server.ts";
import { createLeadChannels } from "../app/adapters/lead-channels.server.ts";
import { openCliDatabase } from "./cli-database.ts";

const USAGE = `usage: npm run staff -- add EMAIL --role ROLE (--site SLUG [--location SLUG]... | --group SLUG | --platform)
       npm run staff -- link EMAIL
roles: ${STAFF_ROLES.join(", ")} (hyphens or underscores)`;

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string" }, site: { type: "string" }, group: { type: "string" }, platform: { type: "boolean" }, location: { type: "string", multiple: true }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
} catch (error) {
  // An unknown or malformed option: say which, with the usage, not a stack trace.
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = args;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [verb, email] = positionals;
const parsed = StaffCommand.safeParse(
  verb === "link" ? { command: "link", email } : { command: verb, email, role: values.role, site: values.site, group: values.group, platform: values.platform, locations: values.location, name: values.name },
);
if (!parsed.success || positionals.length !== 2) {
  console.error(parsed.success ? USAGE : `${parsed.error.issues.map((i) => `${i.path.join(".") || "command"}: ${i.message}`).join("\n")}\n${USAGE}`);
  process.exit(2);
}

const dataDir = process.env.DATA_DIR ?? ".data/pglite";
let result: StaffCommandResult | null;
try {
  result = (await sendAdminCommand(adminSocketPath(dataDir, process.env.ADMIN_SOCKET), parsed.data)) as StaffCommandResult | null;
  if (!result) {
    // No server running: open the database here (it is not held by anyone).
    const handle = await openCliDatabase();
    if (!handle) process.exit(1);
    const channels = createLeadChannels({ smtpUrl: process.env.SMTP_URL, from: process.env.LEAD_FROM ?? "leads@forecourt.localhost", outboxDir: process.env.LEAD_OUTBOX_DIR ?? ".data/outbox" });
    const auth = new StaffAuth(handle.db, { send: (to, subject, text) => channels.send("email", to, { subject, text, json: null, xml: "" }) }, process.env.CONSOLE_SECRET ?? null);
    const origin = consoleOrigin({ consoleHost: process.env.CONSOLE_HOST, baseDomain: process.env.BASE_DOMAIN, port: Number(process.env.PORT ?? 3000) });
    try {
      result = await runStaffCommand(handle.db, auth, origin, parsed.data);
    } finally {
      channels.close();
      await handle.close();
    }
  }
} catch (error) {
  console.error(`refused: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`${result.created ? "added" : "ready"}: ${result.email}`);
console.log(`one-time sign-in link (1 hour): ${result.link}`);
