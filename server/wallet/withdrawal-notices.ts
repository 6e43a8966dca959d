// Telling the bidder about a withdrawal: their wallet's sockets at every change (the balance, the list and the
// statement follow it), and a mail when it is asked for and when it has finished, in the language it was asked in.
import type { Language } from "../../contract";
import type { Queryable } from "../db/database";
import { escapeHtml } from "../http/html";
import { translatorFor } from "../i18n";
import type { Mail, Mailer } from "../mail/mailer";
import type { DomainEvents } from "../events/domain-events";
import { withdrawalRecipient, type PartSettlement } from "./withdrawals.service";

export type WithdrawalNoticeKind = "requested" | "completed" | "partlyReturned" | "returned";

export type WithdrawalNotices = {
  /** After a withdrawal was asked for. */
  requested(userId: string, withdrawalId: string): Promise<void>;
  /** After a refund or payout settled (null: nothing changed, so nothing to tell). */
  settled(settlement: PartSettlement): Promise<void>;
};

/** The mail: a greeting, what happened with the amounts, the way to the wallet, in text and HTML. */
export function withdrawalMail(options: {
  to: string;
  name: string;
  language: Language;
  kind: WithdrawalNoticeKind;
  amountCents: number;
  returnedCents: number;
  walletLink: string;
}): Mail {
  const t = translatorFor(options.language);
  const money = new Intl.NumberFormat(options.language, { style: "currency", currency: "EUR" });
  const values = { amount: money.format(options.amountCents / 100), returned: money.format(options.returnedCents / 100) };
  const subject = t(`withdraw.mail.${options.kind}.subject`, values);
  const greeting = t("mail.greeting", { name: options.name });
  const body = t(`withdraw.mail.${options.kind}.body`, values);
  const action = t("withdraw.mail.action");
  const signature = t("mail.signature");
  const text = [greeting, "", body, "", `${action}: ${options.walletLink}`, "", signature].join("\n");
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(options.walletLink)}" style="display:inline-block;background:#f97316;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p>${escapeHtml(signature)}</p></body></html>`;
  return { to: options.to, subject, text, html, language: options.language };
}

export function withdrawalNotices(options: {
  db: Queryable;
  events: DomainEvents;
  mailer: Mailer;
  origin: () => string;
  log?: (error: unknown) => void;
}): WithdrawalNotices {
  const { db, events, mailer } = options;
  const mail = async (withdrawalId: string, kind: WithdrawalNoticeKind) => {
    const recipient = await withdrawalRecipient(db, withdrawalId);
    if (!recipient) return;
    await mailer.send(
      db,
      withdrawalMail({
        to: recipient.email,
        name: recipient.display_name,
        language: recipient.language,
        kind,
        amountCents: recipient.amount_cents,
        returnedCents: recipient.returned_cents,
        walletLink: `${options.origin()}/wallet`,
      }),
    );
  };
  // A mail that cannot be sent never undoes the money's move, which has committed.
  const safely = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      options.log?.(error);
    }
  };
  return {
    async requested(userId, withdrawalId) {
      await events.publish("wallet:changed", { userId });
      await safely(() => mail(withdrawalId, "requested"));
    },
    async settled(settlement) {
      if (!settlement) return;
      await events.publish("wallet:changed", { userId: settlement.userId });
      if (settlement.status !== "pending")
        await safely(() => mail(settlement.withdrawalId, settlement.status as Exclude<typeof settlement.status, "pending">));
    },
  };
}
