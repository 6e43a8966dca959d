// /dev/mailbox: the outbox as a page (each mail with its links) and as JSON, outside production only.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MailboxQuery } from "../../contract";
import type { Database } from "../db/database";
import { escapeHtml } from "../http/html";

type MailRow = { id: number; to_address: string; subject: string; text_body: string; created_at: Date };

export async function mailboxRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const listMails = (to?: string) =>
    options.db.query<MailRow>(
      `select id, to_address, subject, text_body, created_at from mails
       where $1::text is null or lower(to_address) = lower($1) order by id desc limit 200`,
      [to ?? null],
    );

  app.withTypeProvider<ZodTypeProvider>().get("/dev/mailbox.json", { schema: { querystring: MailboxQuery } }, async (request) => {
    const mails = await listMails(request.query.to);
    return mails.map((mail) => ({
      id: mail.id,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      links: linksIn(mail.text_body),
      createdAt: mail.created_at.toISOString(),
    }));
  });

  app.get("/dev/mailbox", async (_request, reply) => {
    const mails = await listMails();
    const items = mails
      .map(
        (
          mail,
        ) => `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to_address)} · ${mail.created_at.toISOString()}</p>
<pre>${escapeHtml(mail.text_body)}</pre><ul>${linksIn(mail.text_body)
          .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
          .join("")}</ul></article>`,
      )
      .join("");
    return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Mailbox · Pennybid (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#64748b;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}a{color:#ea580c}</style></head>
<body><h1>Mailbox</h1><p>Every mail the server sent, newest first (development only).</p>${items || "<p>No mail yet.</p>"}</body></html>`);
  });
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
}
