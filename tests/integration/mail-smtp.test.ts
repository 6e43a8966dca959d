// The SMTP path: with SMTP_URL set, mail leaves through nodemailer to a real SMTP server (here on loopback).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TestClient, newBidder } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it("sends the confirmation mail through the SMTP server, in the user's language", async () => {
  const body = newBidder({ language: "ru", firstName: "Olga" });
  const answer = await new TestClient(server.url, "10.9.9.9").post("/authn/sign-up", body);
  expect(answer.status).toBe(201);

  const mail = received.find((m) => m.to.includes(body.email));
  expect(mail?.from).toBe("no-reply@pennybid.lv");
  expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?/m);
  expect(mail?.data).toContain("/confirm-email?token=");
  const [row] = await server.database.db.query<{ sent_at: Date | null }>("select sent_at from mails where to_address = $1", [body.email]);
  expect(row?.sent_at).toBeInstanceOf(Date);
});
