// Password hashing as a denial of service (issue 51): every scrypt hash and check waits its turn in one bounded queue
// (decision 077), so sign-ins from many addresses at once are told to come back instead of taking the server's
// memory, its thread pool and its other answers with them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contract";
import { hashPassword, passwordHashingLoad } from "../../server/accounts/passwords";
import { TestClient, mailsTo, newBidder, tokenFrom } from "../support/client";
import { createAuction } from "../support/fixtures";
import { bidderClient, operatorClient } from "../support/scene";
import { spaHeaders, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let ip = 0;
/** Each client its own address (TRUST_PROXY=1 in tests), so the per-address limits never answer first. */
const stranger = () => {
  ip += 1;
  return new TestClient(server.url, `10.51.${Math.floor(ip / 250)}.${(ip % 250) + 1}`);
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Answer = { status: number; body: unknown; headers: Headers };

function expectToBeToldToComeBack(answer: Answer, what: string) {
  expect(answer.status, what).toBe(503);
  expect(Number(answer.headers.get("retry-after")), `${what}: Retry-After`).toBeGreaterThanOrEqual(1);
  expect(ApiErrorBody.parse(answer.body).error.code, what).toBe("SERVER_BUSY");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

describe("a flood of sign-ins from many addresses", () => {
  const health = () => fetch(`${server.url}/api/health`);
  /**
   * A page of auctions, compressed on its way out as every JSON answer of 1 KiB or more is: zlib works on libuv's
   * thread pool, where scrypt works too, so this answer waits whenever hashes fill the pool.
   */
  const auctions = () =>
    fetch(`${server.url}/api/auctions/search`, {
      method: "POST",
      headers: spaHeaders,
      body: JSON.stringify({ status: "Running", pageSize: 60 }),
    });

  /** How long both take to answer in full, asked at the same moment. */
  async function probe(): Promise<{ healthMs: number; auctionsMs: number }> {
    const [healthMs = 0, auctionsMs = 0] = await Promise.all(
      [health, auctions].map(async (request) => {
        const startedAt = performance.now();
        await (await request()).arrayBuffer();
        return performance.now() - startedAt;
      }),
    );
    return { healthMs, auctionsMs };
  }

  it("hashes no more at once than the limit, tells the rest to come back, and the server's other answers stay quick", async () => {
    const owner = await bidderClient(server, "10.51.200.1");
    for (let i = 0; i < 10; i++) await createAuction(server.database.db, new Date(), { initialSeconds: 3600 });
    expect((await auctions()).headers.get("content-encoding")).toMatch(/gzip|br/);
    const quiet: { healthMs: number; auctionsMs: number }[] = [];
    for (let i = 0; i < 15; i++) quiet.push(await probe());

    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        stranger().post("/authn/sign-in", { email: i % 2 === 0 ? owner.body.email : `nobody.${i}@example.lv`, password: `Wrong${i}!x` }),
      ),
    );
    let isFlooding = true;
    void flood.finally(() => (isFlooding = false));
    // Asked every 100 ms whatever the earlier ones are doing, so one held answer cannot hide the others.
    const probes: Promise<{ healthMs: number; auctionsMs: number }>[] = [];
    while (isFlooding) {
      probes.push(probe());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answers = await flood;
    const during = await Promise.all(probes);

    expect(answers.map((answer) => answer.status).filter((status) => status !== 401 && status !== 503)).toEqual([]);
    const refused = answers.filter((answer) => answer.status === 503);
    const { limit, maxWaiting, mostAtOnce } = passwordHashingLoad();
    // At most `limit` hashes run and `maxWaiting` wait at a time; a few more get in as the first ones finish.
    expect(refused.length).toBeGreaterThanOrEqual(60 - 2 * (limit + maxWaiting));
    refused.forEach((answer, i) => expectToBeToldToComeBack(answer, `refused sign-in ${i}`));
    expect(mostAtOnce).toBeLessThanOrEqual(limit);

    // Typically within 1.5 times the quiet time here; with every hash let through, the page of auctions took 1,000 times.
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(median(during.map((times) => times.healthMs))).toBeLessThanOrEqual(10 * median(quiet.map((times) => times.healthMs)));
    expect(median(during.map((times) => times.auctionsMs))).toBeLessThanOrEqual(10 * median(quiet.map((times) => times.auctionsMs)));

    // The queue is free again: the owner signs in.
    expect((await stranger().post("/authn/sign-in", { email: owner.body.email, password: owner.body.password })).status).toBe(200);
  }, 120_000);
});

/** Keeps every place in the hashing queue taken (each refilled as it frees, before any request is read) until stopped. */
function keepHashingBusy(): () => Promise<void> {
  const { limit, maxWaiting } = passwordHashingLoad();
  let isBusy = true;
  const hashing = Array.from({ length: limit + maxWaiting }, async () => {
    while (isBusy) await hashPassword("Filler1!");
  });
  return async () => {
    isBusy = false;
    await Promise.all(hashing);
  };
}

describe("every way to a password hash waits in the same queue", () => {
  it("tells sign-in, sign-up, a password change, a reset and an operator's new account to come back while it is full", async () => {
    const bidder = await bidderClient(server, "10.51.201.1");
    const operator = await operatorClient(server, "10.51.201.2");
    await stranger().post("/authn/forgot-password", { email: bidder.body.email, language: "en" });
    const mails = await mailsTo(server.url, bidder.body.email);
    const token = tokenFrom(mails.flatMap((mail) => mail.links).find((link) => link.includes("/reset-password"))!);
    const newcomer = newBidder();
    const opened = newBidder();
    const calls = {
      "sign-in": () => stranger().post("/authn/sign-in", { email: bidder.body.email, password: bidder.body.password }),
      "sign-up": () => stranger().post("/authn/sign-up", newcomer),
      "password change": () =>
        bidder.client.put("/api/users/password", {
          currentPassword: bidder.body.password,
          newPassword: "Changed1!",
          confirmPassword: "Changed1!",
        }),
      "password reset": () => stranger().post("/authn/reset-password", { token, password: "Reset12!", confirmPassword: "Reset12!" }),
      "operator's new account": () =>
        operator.client.post("/api/operator/users", {
          email: opened.email,
          password: opened.password,
          firstName: "Ilze",
          lastName: "Kalna",
          displayName: opened.displayName,
        }),
    };

    const stopHashing = keepHashingBusy();
    const answers: [string, Answer][] = [];
    try {
      expect(passwordHashingLoad().waiting).toBe(passwordHashingLoad().maxWaiting);
      for (const [what, call] of Object.entries(calls)) answers.push([what, await call()]);
    } finally {
      await stopHashing();
    }
    for (const [what, answer] of answers) expectToBeToldToComeBack(answer, what);

    // Refused before anything was written: each goes through now, the reset link included.
    expect((await calls["sign-in"]()).status).toBe(200);
    expect((await calls["sign-up"]()).status).toBe(201);
    expect((await calls["password change"]()).status).toBe(204);
    expect((await calls["password reset"]()).status).toBe(204);
    expect((await calls["operator's new account"]()).status).toBe(201);
  }, 120_000);
});
