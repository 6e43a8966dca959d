// The demo data's "You won" e-mails (issue 52 item 7): the first scan of wins runs as the server starts, before it
// listens, and its links must still point at the origin the server serves on, port and all.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailSummary } from "../support/client";
import { startServerProcess, type ServerProcess } from "../support/server-process";

// The embedded database, as `npm start` runs: once is enough, so the PostgreSQL pass skips it.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the seeded server's win e-mails", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // A fresh data dir, the migrations and the demo data: slow on a busy machine.
    server = await startServerProcess(
      { DATA_DIR: mkdtempSync(path.join(tmpdir(), "pennybid-seed-mail-")), DATABASE_URL: "", SEED_DEMO_DATA: "yes" },
      undefined,
      120_000,
    );
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
  });

  it("link to the server's own origin, with its port", async () => {
    let wins: MailSummary[] = [];
    // The mails are written by the first scan, which may still be running when the server first answers.
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailSummary[];
          wins = mails.filter(
            (mail) =>
              mail.subject.startsWith("You won") || mail.subject.startsWith("Tu uzvarēji") || mail.subject.startsWith("Вы выиграли"),
          );
          return wins.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const links = wins.flatMap((mail) => mail.links);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${server.url}/`), link).toBe(true);
  }, 60_000);
});
