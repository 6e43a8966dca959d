// Plays a scenario against a running server, through its public API and the operator API only: bots are real
// accounts (opened by the operator, signed in, topped up through the payment sandbox), they enrol and bid as the SPA
// does, and at the end the server's own record (winner, price, every bid in the verified chain) is checked against
// what the bots did.
import type { OperatorAuction, OperatorAuctionDetail, PromoCode, WonAuction, WonAuctionsResponse } from "../contract";
import { ApiClient } from "./api-client";
import { auctionKeys, matchAuctions, seededRandom, type Bidding, type FulfilmentStep, type PlannedScenario } from "./scenario";

export type SimOptions = {
  baseUrl: string;
  operator: { email: string; password: string };
  /** Tells runs apart in account names; the seed alone decides what the bots do. */
  runTag?: string;
  log?: (line: string) => void;
};

export type Check = { name: string; ok: boolean; detail: string };
export type SimReport = {
  scenario: string;
  seed: number;
  passed: boolean;
  checks: Check[];
  seconds: number;
  bids: number;
  /** Who bid, in order, per auction: the same seed gives the same trace. */
  trace: Record<string, string[]>;
};

export type Bot = { name: string; displayName: string; client: ApiClient };
type Played = { key: string; id: number; bids: number; lastBidder: Bot | null; refusals: string[]; trace: string[] };

const BOT_PASSWORD = "SimBot1!";
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

export class SimFailure extends Error {}

/** Progress lines with the seconds since the start. */
export function progress(options: SimOptions, started: number): (line: string) => void {
  const log = options.log ?? (() => undefined);
  return (line) => log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
}

export function expectOk<T>(answer: { status: number; body: unknown }, what: string): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const message = (answer.body as { error?: { message?: string } } | undefined)?.error?.message ?? JSON.stringify(answer.body);
  throw new SimFailure(`${what}: ${answer.status} ${message}`);
}

export async function runPlanned(scenario: PlannedScenario, options: SimOptions): Promise<SimReport> {
  const started = Date.now();
  const say = progress(options, started);
  const runTag = options.runTag ?? Date.now().toString(36).slice(-6);
  const random = seededRandom(scenario.seed);
  const checks: Check[] = [];

  const operator = new ApiClient(options.baseUrl);
  expectOk(await operator.post("/authn/sign-in", options.operator), `Signing in as the operator ${options.operator.email}`);

  // Bots: opened by the operator (confirmed, marked demo data), signed in, topped up through the sandbox.
  const botNames = scenario.bots.flatMap((group) =>
    Array.from({ length: group.count }, (_, i) => ({ group, name: `${group.group}-${i + 1}` })),
  );
  say(`opening ${botNames.length} bot accounts`);
  const bots = new Map<string, Bot>();
  await inBatches(botNames, 4, async ({ group, name }) => {
    const displayName = `${name.replaceAll("-", "").slice(0, 14)}_${runTag}`;
    const email = `${displayName}@sim.pennybid.lv`;
    expectOk(
      await operator.post("/api/operator/users", {
        email,
        password: BOT_PASSWORD,
        firstName: "Sim",
        lastName: "Bot",
        displayName,
        isDemo: true,
      }),
      `Opening the account of ${name}`,
    );
    const client = new ApiClient(options.baseUrl);
    expectOk(await client.post("/authn/sign-in", { email, password: BOT_PASSWORD }), `Signing in ${name}`);
    const payment = expectOk<{ isSuccess: boolean; payment: { id: string } | null; errorMessage: string | null }>(
      await client.post("/api/payments", { amount: group.topUpEuros, language: "en" }),
      `Top-up of ${name}`,
    );
    if (!payment.isSuccess || !payment.payment) throw new SimFailure(`Top-up of ${name} refused: ${payment.errorMessage ?? "no reason"}`);
    await client.request("POST", `/sandbox/checkout/${payment.payment.id}`, "action=pay&method=card", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    const wallet = expectOk<{ balance: number }>(await client.get("/api/user-wallet"), `Wallet of ${name}`);
    if (wallet.balance < group.topUpEuros) throw new SimFailure(`The top-up of ${name} did not arrive (balance €${wallet.balance}).`);
    bots.set(name, { name, displayName, client });
  });
  say(`bots ready, each topped up through the sandbox`);

  // Auctions: made by the operator, published, starting in a few seconds.
  const played = new Map<string, Played>();
  for (const auction of scenario.auctions) {
    for (const key of auctionKeys(auction)) {
      const made = expectOk<OperatorAuction>(
        await operator.post("/api/operator/auctions", {
          title: auction.copies === 1 ? auction.title : `${auction.title} ${key.slice(auction.key.length + 1)}`,
          images: auction.image ? [auction.image] : [],
          entryFeeCents: auction.entryFeeCents,
          retailValueCents: auction.retailValueCents,
          startsInSeconds: auction.startsInSeconds,
          initialSeconds: auction.initialSeconds,
          resetSeconds: auction.resetSeconds,
          paymentWindowHours: auction.paymentWindowHours,
          publish: true,
          isDemo: true,
        }),
        `Creating auction ${key}`,
      );
      played.set(key, { key, id: made.id, bids: 0, lastBidder: null, refusals: [], trace: [] });
    }
  }
  const keys = [...played.keys()];
  say(`${keys.length} auction${keys.length === 1 ? "" : "s"} created: ${keys.slice(0, 6).join(", ")}${keys.length > 6 ? ", …" : ""}`);

  // Who bids where is drawn now, in scenario order, so the seed alone decides it.
  const plans = scenario.bidding.flatMap((bidding) =>
    bidding.auctions
      .flatMap((pattern) => matchAuctions(pattern, keys))
      .map((key) => ({
        bidding,
        auction: played.get(key)!,
        bidders: pickBidders(bidding, bots, random),
        seed: Math.floor(random() * 2 ** 31),
      })),
  );
  await Promise.all(plans.map((plan) => playAuction(plan, operator, say)));

  // Promo codes and the winners' fulfilment: paying, delivery, expiry, as the scenario orders them.
  const promoCodes = new Map<string, string>();
  for (const promo of scenario.promoCodes) {
    const code = `${promo.key}-${runTag}`.toUpperCase();
    expectOk<PromoCode>(
      await operator.post("/api/operator/promo-codes", { code, kind: promo.kind, amount: promo.amount }),
      `Creating promo code ${code}`,
    );
    promoCodes.set(promo.key, code);
  }
  const fulfilled = new Map<string, WonAuction>();
  await Promise.all(
    scenario.fulfilment.flatMap((plan) =>
      matchAuctions(plan.auction, keys).map(async (key) => {
        const won = await playFulfilment(played.get(key)!, plan.steps, { operator, bots, promoCodes, say });
        fulfilled.set(key, won);
      }),
    ),
  );

  // Every auction: ended exactly as the bots played it, every accepted bid in a chain that verifies.
  for (const auction of played.values()) {
    const detail = expectOk<OperatorAuctionDetail>(
      await operator.get(`/api/operator/auctions/${auction.id}`),
      `Reading auction ${auction.key}`,
    );
    checks.push({
      name: `${auction.key}: every accepted bid is in the verified chain`,
      ok: detail.chain.isValid && detail.chain.links.length === auction.bids,
      detail: `${detail.chain.links.length} bids in the chain, ${auction.bids} accepted, chain ${detail.chain.isValid ? "verified" : "BROKEN"}`,
    });
    if (auction.refusals.length > 0) {
      checks.push({ name: `${auction.key}: no bid refused`, ok: false, detail: auction.refusals.slice(0, 3).join("; ") });
    }
  }
  for (const checkpoint of scenario.checkpoints) {
    for (const key of matchAuctions(checkpoint.auction, keys)) {
      const auction = played.get(key)!;
      const detail = expectOk<OperatorAuctionDetail>(await operator.get(`/api/operator/auctions/${auction.id}`), `Reading auction ${key}`);
      const expectations: [string, unknown, unknown][] = [["status", checkpoint.status, detail.status]];
      if (checkpoint.winner !== undefined) {
        const winner =
          checkpoint.winner === null
            ? null
            : checkpoint.winner === "last-bidder"
              ? (auction.lastBidder?.displayName ?? null)
              : bots.get(checkpoint.winner)?.displayName;
        expectations.push(["winner", winner, detail.winnerName]);
      }
      if (checkpoint.priceCents !== undefined) {
        expectations.push(["price (cents)", checkpoint.priceCents === "bids" ? auction.bids : checkpoint.priceCents, detail.priceCents]);
      }
      if (checkpoint.fulfilment !== undefined || checkpoint.paidCents !== undefined) {
        const won = fulfilled.get(key) ?? (await winnersView(auction, detail, bots));
        if (checkpoint.fulfilment !== undefined) expectations.push(["fulfilment", checkpoint.fulfilment, won?.state ?? null]);
        if (checkpoint.paidCents !== undefined) expectations.push(["paid (cents)", checkpoint.paidCents, won?.amountPaidCents ?? null]);
      }
      const wrong = expectations.filter(([, expected, actual]) => expected !== actual);
      checks.push({
        name: `${key}: ${expectations.map(([what, expected]) => `${what} ${String(expected)}`).join(", ")}`,
        ok: wrong.length === 0,
        detail:
          wrong.length === 0
            ? "as expected"
            : wrong.map(([what, expected, actual]) => `${what}: expected ${String(expected)}, got ${String(actual)}`).join("; "),
      });
    }
  }
  const bids = [...played.values()].reduce((sum, auction) => sum + auction.bids, 0);
  return {
    scenario: scenario.name,
    seed: scenario.seed,
    passed: checks.every((check) => check.ok),
    checks,
    seconds: (Date.now() - started) / 1000,
    bids,
    trace: Object.fromEntries([...played.values()].map((auction) => [auction.key, auction.trace])),
  };
}

function pickBidders(bidding: Bidding, bots: Map<string, Bot>, random: () => number): Bot[] {
  if (Array.isArray(bidding.bidders)) {
    return bidding.bidders.map((name) => {
      const bot = bots.get(name);
      if (!bot) throw new SimFailure(`The scenario names a bot "${name}" that it does not open.`);
      return bot;
    });
  }
  const { group, perAuction } = bidding.bidders;
  const pool = [...bots.values()].filter((bot) => bot.name.startsWith(`${group}-`));
  if (pool.length < perAuction) throw new SimFailure(`Group ${group} has ${pool.length} bots; ${perAuction} are asked for.`);
  const chosen: Bot[] = [];
  while (chosen.length < perAuction) {
    const bot = pool.splice(Math.floor(random() * pool.length), 1)[0]!;
    chosen.push(bot);
  }
  return chosen;
}

async function playAuction(
  plan: { bidding: Bidding; auction: Played; bidders: Bot[]; seed: number },
  operator: ApiClient,
  say: (line: string) => void,
): Promise<void> {
  const { bidding, auction, bidders } = plan;
  const random = seededRandom(plan.seed);
  for (const bot of bidders) {
    expectOk(await bot.client.post(`/api/auctions/${auction.id}/enrol`), `${bot.name} enrolling in ${auction.key}`);
  }
  // Wait for the start, by the server's word.
  for (;;) {
    const state = expectOk<{ status: string }>(await operator.get(`/api/auctions/${auction.id}`), `Reading ${auction.key}`);
    if (state.status === "Running") break;
    if (state.status === "Ended") throw new SimFailure(`${auction.key} ended before the bots could bid.`);
    await sleep(200);
  }
  say(`${auction.key} is running; ${bidders.map((bot) => bot.name).join(", ")} enrolled`);
  const lastBidAt = new Map<string, number>();
  for (let turn = 0; auction.bids < bidding.bids; turn++) {
    const candidates = bidders.filter((bot) => bot !== auction.lastBidder);
    const bot = bidding.strategy === "turns" ? bidders[turn % bidders.length]! : candidates[Math.floor(random() * candidates.length)]!;
    // One bid a second per bidder and auction is the server's rule; the bot keeps to it.
    const wait = (lastBidAt.get(bot.name) ?? 0) + 1050 - Date.now();
    if (wait > 0) await sleep(wait);
    const answer = await bot.client.post(`/api/auctions/${auction.id}/bids`);
    lastBidAt.set(bot.name, Date.now());
    if (answer.status === 200) {
      auction.bids += 1;
      auction.lastBidder = bot;
      auction.trace.push(bot.name);
      const { priceCents } = answer.body as { priceCents: number };
      if (bidding.bids <= 12 || auction.bids % 10 === 0) say(`${auction.key}: ${bot.name} bids, price €${(priceCents / 100).toFixed(2)}`);
    } else {
      auction.refusals.push(`${bot.name}: ${(answer.body as { error?: { message?: string } }).error?.message ?? answer.status}`);
      if (auction.refusals.length > 20) throw new SimFailure(`${auction.key}: too many refused bids (${auction.refusals[0]}).`);
    }
    const [min, max] = bidding.pauseMs;
    await sleep(min + Math.floor(random() * Math.max(0, max - min)));
  }
  if (bidding.then === "end-now") {
    expectOk(await operator.post(`/api/operator/auctions/${auction.id}/end-now`), `Ending ${auction.key}`);
  } else {
    for (;;) {
      const state = expectOk<{ status: string }>(await operator.get(`/api/auctions/${auction.id}`), `Reading ${auction.key}`);
      if (state.status === "Ended") break;
      await sleep(250);
    }
  }
  say(`${auction.key} ended after ${auction.bids} bids; ${auction.lastBidder?.name ?? "nobody"} led last`);
}

/** The auction's fulfilment as its winner (a bot of this run) sees it now, or null when nobody won. */
async function winnersView(auction: Played, detail: OperatorAuctionDetail, bots: Map<string, Bot>): Promise<WonAuction | null> {
  const winner = [...bots.values()].find((bot) => bot.displayName === detail.winnerName);
  if (!winner) return null;
  const list = expectOk<WonAuctionsResponse>(await winner.client.get("/api/fulfilments"), `${winner.name} reading won auctions`);
  const won = list.items.find((item) => item.auctionId === auction.id);
  if (!won) throw new SimFailure(`${auction.key}: ${winner.name} won it but does not see it among won auctions.`);
  return won;
}

async function playFulfilment(
  auction: Played,
  steps: FulfilmentStep[],
  run: { operator: ApiClient; bots: Map<string, Bot>; promoCodes: Map<string, string>; say: (line: string) => void },
): Promise<WonAuction> {
  const { operator, bots, promoCodes, say } = run;
  const detail = expectOk<OperatorAuctionDetail>(
    await operator.get(`/api/operator/auctions/${auction.id}`),
    `Reading auction ${auction.key}`,
  );
  const winner = [...bots.values()].find((bot) => bot.displayName === detail.winnerName);
  if (!winner)
    throw new SimFailure(
      `${auction.key} has no winner among the bots (winner: ${detail.winnerName ?? "nobody"}), so there is nothing to fulfil.`,
    );
  let won = (await winnersView(auction, detail, bots))!;
  say(`${auction.key}: ${winner.name} won at €${(won.finalPriceCents / 100).toFixed(2)}; fulfilment ${won.state}`);
  for (const step of steps) {
    switch (step.do) {
      case "pay": {
        const promoCode = step.promoCode === undefined ? undefined : promoCodes.get(step.promoCode);
        if (step.promoCode !== undefined && promoCode === undefined)
          throw new SimFailure(`The scenario pays with promo code "${step.promoCode}" it does not create.`);
        const answer = await winner.client.post(`/api/fulfilments/${auction.id}/pay`, {
          deliveryAddress: step.deliveryAddress,
          phone: step.phone,
          promoCode,
        });
        const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
        if (step.expectError !== undefined) {
          if (answer.status < 400 || code !== step.expectError) {
            throw new SimFailure(
              `${auction.key}: paying should be refused with ${step.expectError}, got ${answer.status} ${code ?? ""}`.trim(),
            );
          }
          say(`${auction.key}: ${winner.name}'s payment refused as expected (${code})`);
        } else {
          won = expectOk<WonAuction>(answer, `${auction.key}: ${winner.name} paying`);
          say(
            `${auction.key}: ${winner.name} paid €${((won.amountPaidCents ?? 0) / 100).toFixed(2)}${promoCode ? ` with ${promoCode}` : ""}`,
          );
        }
        break;
      }
      case "advance":
        expectOk(
          await operator.post(`/api/operator/fulfilments/${auction.id}/advance`, { to: step.to }),
          `${auction.key}: moving to ${step.to}`,
        );
        say(`${auction.key}: the operator moves it to ${step.to}`);
        break;
      case "payment-time-left":
        expectOk(
          await operator.post(`/api/operator/fulfilments/${auction.id}/payment-time-left`, { seconds: step.seconds }),
          `${auction.key}: setting the time to pay`,
        );
        say(`${auction.key}: ${step.seconds} s left to pay`);
        break;
      case "await": {
        const until = Date.now() + step.timeoutSeconds * 1000;
        for (;;) {
          won = (await winnersView(auction, detail, bots))!;
          if (won.state === step.state) break;
          if (Date.now() > until)
            throw new SimFailure(`${auction.key}: still ${won.state} after ${step.timeoutSeconds} s, waiting for ${step.state}.`);
          await sleep(250);
        }
        say(`${auction.key}: ${winner.name} sees ${won.state}`);
        break;
      }
    }
  }
  return (await winnersView(auction, detail, bots))!;
}
