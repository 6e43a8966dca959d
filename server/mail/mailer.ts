// Outgoing mail. Every mail is written to the `mails` table; with SMTP_URL set it is also sent by nodemailer,
// otherwise the table is the outbox, readable at /dev/mailbox outside production.
import nodemailer from "nodemailer";
import type { Language } from "../../contract";
import type { Queryable } from "../db/database";
import { escapeHtml } from "../http/html";
import { translatorFor } from "../i18n";

export type Mail = { to: string; subject: string; text: string; html: string; language: Language };

export interface Mailer {
  send(db: Queryable, mail: Mail): Promise<void>;
}

export const FROM_ADDRESS = '"Pennybid" <no-reply@pennybid.lv>';

export function createMailer(smtpUrl: string | undefined): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(db, mail) {
      const [row] = await db.query<{ id: number }>(
        `insert into mails (to_address, subject, text_body, html_body, language) values ($1, $2, $3, $4, $5) returning id`,
        [mail.to, mail.subject, mail.text, mail.html, mail.language],
      );
      if (!transport || !row) return;
      await transport.sendMail({ from: FROM_ADDRESS, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await db.query("update mails set sent_at = now() where id = $1", [row.id]);
    },
  };
}

/** A mail with a greeting, a paragraph, one button-like link and a closing line, in text and HTML. */
type ActionMailKind = "confirmEmail" | "resetPassword" | "alreadyRegistered" | "won" | "seatsShort" | "autoBidRemoved";

/** Mails whose texts live with their feature in the locales, not under `mail.<kind>`: seats (102), manual-only (111). */
const OWN_MAIL_TEXTS: Partial<Record<ActionMailKind, string>> = { seatsShort: "seats.mail", autoBidRemoved: "manualOnly.mail" };

export function actionMail(options: {
  to: string;
  language: Language;
  kind: ActionMailKind;
  name: string;
  link: string;
  /** What the subject and body name (`{{title}}`), already written in the mail's language. */
  values?: Record<string, string | number>;
}): Mail {
  const t = translatorFor(options.language);
  const key = OWN_MAIL_TEXTS[options.kind] ?? `mail.${options.kind}`;
  const subject = t(`${key}.subject`, options.values);
  const greeting = t("mail.greeting", { name: options.name });
  const body = t(`${key}.body`, options.values);
  const action = t(`${key}.action`);
  const note = t(`${key}.note`);
  const signature = t("mail.signature");
  const text = [greeting, "", body, "", `${action}: ${options.link}`, "", note, "", signature].join("\n");
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#f97316;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="color:#64748b">${escapeHtml(note)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { to: options.to, subject, text, html, language: options.language };
}
