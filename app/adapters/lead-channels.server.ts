/**
 * Lead delivery channels (DESIGN 7 "Outside systems are adapters with real defaults").
 * - email: nodemailer over SMTP (SMTP_URL); without SMTP_URL, a file outbox writing one .eml per
 *   message under LEAD_OUTBOX_DIR (real files a developer can open; nothing pretends to send).
 * - webhook: JSON POST; any non-2xx answer or network error is a failure (retried).
 * - adf: ADF/XML 1.0, emailed as an attachment-free text/xml body, or POSTed when the target is a URL.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

export interface ChannelSettings {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Milliseconds before a webhook call is abandoned (default 10 s). */
  timeoutMs?: number;
}

export interface OutgoingMessage {
  subject: string;
  text: string;
  /** For webhooks: the JSON body. */
  json: unknown;
  /** For ADF: the XML document. */
  xml: string;
  /**
   * The local part of the email's Message-ID, the same on every send of one lead on one channel
   * to one target (e.g. `lead-42.email.3f9a0c1b2d4e`), so a re-send after a lost acknowledgement
   * is a copy mail systems can drop; absent, nodemailer makes a random one.
   */
  messageKey?: string;
}

/** Sends one message on one channel. @throws on any failure (the worker retries). */
export interface LeadChannels {
  send(channel: "email" | "webhook" | "adf", target: string, message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** Builds the channels from settings (see module doc for the defaults). */
export function createLeadChannels(settings: ChannelSettings): LeadChannels {
  let transport: Transporter;
  if (settings.smtpUrl) {
    transport = nodemailer.createTransport(settings.smtpUrl);
  } else {
    mkdirSync(settings.outboxDir, { recursive: true });
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }
  // Message-IDs name the sender's domain (RFC 5322 section 3.6.4): the From address's.
  const idDomain = settings.from.replace(/^.*@/, "").replace(/[>\s].*$/, "") || "forecourt.invalid";
  const mail = async (to: string, subject: string, text: string, xml?: string, messageKey?: string) => {
    const info = await transport.sendMail({
      from: settings.from,
      to,
      subject,
      ...(messageKey ? { messageId: `<${messageKey}@${idDomain}>` } : {}),
      // ADF: the whole body is the XML with ONE Content-Type (text/xml); `text` plus a header gave two.
      ...(xml ? { alternatives: [{ contentType: "text/xml; charset=utf-8", content: xml }] } : { text }),
    });
    if (!settings.smtpUrl) {
      const raw = (info as unknown as { message: Buffer }).message;
      writeFileSync(join(settings.outboxDir, `${Date.now()}-${String(info.messageId).replace(/[^A-Za-z0-9.-]/g, "")}.eml`), raw);
    }
  };
  const post = async (url: string, body: string, contentType: string) => {
    const response = await fetch(url, { method: "POST", headers: { "content-type": contentType }, body, signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  };
  return {
    async send(channel, target, message) {
      const isUrl = /^https?:\/\//.test(target);
      if (channel === "webhook") {
        if (!isUrl) throw new Error(`webhook target is not a URL: ${target}`);
        return post(target, JSON.stringify(message.json), "application/json");
      }
      if (channel === "adf") return isUrl ? post(target, message.xml, "application/xml") : mail(target, message.subject, message.text, message.xml, message.messageKey);
      return mail(target, message.subject, message.text, undefined, message.messageKey);
    },
    close() {
      transport.close();
    },
  };
}
