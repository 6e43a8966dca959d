// The people and things hardening tests act on: an operator, bidders, and a won auction awaiting payment.
import type { OperatorAuction } from "../../contract";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient, mailsTo, signUpConfirmed } from "./client";
import type { TestServer } from "./server";

/**
 * The one signed-in bidder of integration tests (decision 098): signed up and confirmed through the API, speaking from
 * its own IP (TRUST_PROXY=1 in tests) so rate limits are per client, with `balanceCents` in the wallet when asked (a
 * test top-up in the ledger). `overrides` change the sign-up body (a language, a display name). A test that needs a
 * socket opens one with the client's cookie (support/socket.ts's `openSocket`); engine tests without a server take
 * `createBidder` (support/fixtures.ts), a row written straight to the database.
 */
export async function bidderClient(server: TestServer, ip: string, overrides: Record<string, unknown> = {}, { balanceCents = 0 } = {}) {
  const client = new TestClient(server.url, ip);
  const body = await signUpConfirmed(client, overrides);
  const [row] = await server.database.db.query<{ id: string }>("select id from users where email = $1", [body.email]);
  if (!row) throw new Error("bidder not stored");
  if (balanceCents > 0)
    await postLedgerEntry(server.database.db, { userId: row.id, type: "Payment", amountCents: balanceCents, description: "Test top-up" });
  return { client, body, userId: row.id };
}

export type BidderClient = Awaited<ReturnType<typeof bidderClient>>;

/** A signed-in operator (the seed has none in tests: a bidder given the role, as an operator would). */
export async function operatorClient(server: TestServer, ip: string) {
  const operator = await bidderClient(server, ip);
  await server.database.db.query("update users set role = 'operator' where id = $1", [operator.userId]);
  return operator;
}

/**
 * An auction the bidder has won (free entry, one bid, ended by the operator): its fulfilment awaits payment. Returns
 * once the win e-mail, sent by a job a moment after the end (decision 035), has gone out, so that no checksum a test
 * takes afterwards catches it arriving.
 */
export async function wonAuction(operator: TestClient, bidder: { client: TestClient; body: { email: string } }): Promise<number> {
  const created = await operator.post("/api/operator/auctions", {
    title: "Won lamp",
    initialSeconds: 600,
    resetSeconds: 60,
    publish: true,
  });
  const { id } = created.body as OperatorAuction;
  const steps = [
    () => operator.post(`/api/operator/auctions/${id}/start-now`),
    () => bidder.client.post(`/api/auctions/${id}/enrol`),
    () => bidder.client.post(`/api/auctions/${id}/bids`),
    () => operator.post(`/api/operator/auctions/${id}/end-now`),
  ];
  for (const step of steps) {
    const answer = await step();
    if (answer.status !== 200) throw new Error(`won auction setup: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const winMailSent = async () =>
    (await mailsTo(bidder.client.baseUrl, bidder.body.email)).some((mail) => mail.links.some((link) => link.endsWith(`#won-${id}`)));
  for (const deadline = Date.now() + 15_000; !(await winMailSent());) {
    if (Date.now() > deadline) throw new Error(`won auction setup: no win e-mail for auction ${id} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return id;
}
