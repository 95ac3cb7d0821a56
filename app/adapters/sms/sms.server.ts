/**
 * SMS adapter for sign-in codes (issue 9; DESIGN 7 "Outside systems are adapters with real
 * defaults"). Chosen by environment variables:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `SMS_PROVIDER` | `outbox` | `outbox` writes each text as a JSON file; `clicksend` sends it through ClickSend (an Australian SMS gateway) over HTTPS |
 * | `SMS_OUTBOX_DIR` | `.data/sms-outbox` | folder of the outbox (one `{time}-{random}.json` file per text: `{ to, from, body, code, sentAt }`) |
 * | `CLICKSEND_USERNAME`, `CLICKSEND_API_KEY` | unset | ClickSend API credentials (required with `SMS_PROVIDER=clicksend`) |
 * | `CLICKSEND_API_URL` | `https://rest.clicksend.com/v3/sms/send` | endpoint (a test gateway may be set here) |
 *
 * The outbox is the working offline default: tests and developers read the code from it. The
 * ClickSend adapter cannot be exercised here (no account, no network); it is plain HTTPS + JSON.
 * A code is never written to the log when NODE_ENV is "production".
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/** One text message. `to` is E.164; `code` is kept separately so the outbox can expose it to tests. */
export interface SmsMessage {
  to: string;
  from: string;
  body: string;
  /** The one-time code inside `body` (outbox only; never logged in production). */
  code: string;
}

/** Sends a text. @throws Error when the gateway refuses or cannot be reached. */
export interface SmsSender {
  readonly kind: "outbox" | "clicksend";
  send(message: SmsMessage): Promise<void>;
}

const SmsEnvSchema = z.object({
  SMS_PROVIDER: z.enum(["outbox", "clicksend"]).default("outbox"),
  SMS_OUTBOX_DIR: z.string().min(1).default(".data/sms-outbox"),
  CLICKSEND_USERNAME: z.string().optional(),
  CLICKSEND_API_KEY: z.string().optional(),
  CLICKSEND_API_URL: z.string().url().default("https://rest.clicksend.com/v3/sms/send"),
  NODE_ENV: z.string().optional(),
});

/** Writes each text to `dir` as JSON and logs that it did (with the code only outside production). */
export function createOutboxSender(dir: string, production: boolean): SmsSender {
  return {
    kind: "outbox",
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const file = join(dir, `${sentAt.replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.json`);
      writeFileSync(file, JSON.stringify({ ...message, sentAt }, null, 2));
      const last3 = message.to.slice(-3);
      if (production) console.info(`[sms] sign-in text for ...${last3} written to the outbox ${dir}`);
      else console.info(`[sms] sign-in text for ...${last3} written to ${file} (code ${message.code})`);
    },
  };
}

/**
 * ClickSend REST v3 (`POST /v3/sms/send`, HTTP basic auth `username:api_key`). Any non-2xx
 * answer or a message status other than SUCCESS is an error. Not exercised offline.
 */
export function createClickSendSender(settings: { username: string; apiKey: string; url: string }): SmsSender {
  return {
    kind: "clicksend",
    async send(message) {
      const response = await fetch(settings.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Basic ${Buffer.from(`${settings.username}:${settings.apiKey}`).toString("base64")}`,
        },
        body: JSON.stringify({ messages: [{ source: "forecourt", from: message.from, to: message.to, body: message.body }] }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      const answer = (await response.json().catch(() => null)) as { data?: { messages?: { status?: string }[] } } | null;
      const status = answer?.data?.messages?.[0]?.status;
      if (status && status !== "SUCCESS") throw new Error(`SMS gateway refused the message (${status})`);
      console.info(`[sms] sign-in text for ...${message.to.slice(-3)} sent through ClickSend`);
    },
  };
}

let cached: { key: string; sender: SmsSender } | null = null;

/**
 * The sender configured by the environment (see module doc), built once per configuration.
 * @throws Error when SMS_PROVIDER=clicksend lacks its credentials, or a variable is invalid
 */
export function getSmsSender(source: NodeJS.ProcessEnv = process.env): SmsSender {
  const env = SmsEnvSchema.parse(source);
  const key = JSON.stringify(env);
  if (cached?.key === key) return cached.sender;
  let sender: SmsSender;
  if (env.SMS_PROVIDER === "clicksend") {
    if (!env.CLICKSEND_USERNAME || !env.CLICKSEND_API_KEY) throw new Error("SMS_PROVIDER=clicksend needs CLICKSEND_USERNAME and CLICKSEND_API_KEY");
    sender = createClickSendSender({ username: env.CLICKSEND_USERNAME, apiKey: env.CLICKSEND_API_KEY, url: env.CLICKSEND_API_URL });
  } else {
    sender = createOutboxSender(env.SMS_OUTBOX_DIR, env.NODE_ENV === "production");
  }
  cached = { key, sender };
  return sender;
}
