/** SMS adapter (issue 9): the offline outbox writes real files; production logs never carry a code. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOutboxSender, getSmsSender } from "./sms.server";

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe("SMS outbox adapter", () => {
  it("writes one JSON file per text with the number, sender, body and code", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-sms-unit-"));
    dirs.push(dir);
    vi.spyOn(console, "info").mockImplementation(() => {});
    await createOutboxSender(dir, false).send({ to: "+61412345678", from: "Harbourside", body: "123456 is your code", code: "123456" });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, files[0]), "utf8"))).toMatchObject({ to: "+61412345678", from: "Harbourside", body: "123456 is your code", code: "123456" });
  });

  it("never logs the code in production mode (it does in development, to help developers)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-sms-unit-"));
    dirs.push(dir);
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    await createOutboxSender(dir, true).send({ to: "+61412345678", from: "X", body: "654321 is your code", code: "654321" });
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).not.toContain("654321");
    expect(String(log.mock.calls[0][0])).toContain("written to the outbox");
    await createOutboxSender(dir, false).send({ to: "+61412345678", from: "X", body: "111222 is your code", code: "111222" });
    expect(String(log.mock.calls[1][0])).toContain("111222");
  });

  it("is chosen by environment variables; ClickSend needs its credentials", () => {
    expect(getSmsSender({ SMS_OUTBOX_DIR: "/tmp/x" }).kind).toBe("outbox");
    expect(() => getSmsSender({ SMS_PROVIDER: "clicksend" })).toThrow("SMS_PROVIDER=clicksend needs CLICKSEND_USERNAME and CLICKSEND_API_KEY");
    expect(getSmsSender({ SMS_PROVIDER: "clicksend", CLICKSEND_USERNAME: "u", CLICKSEND_API_KEY: "k" }).kind).toBe("clicksend");
  });
});
