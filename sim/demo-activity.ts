// The demo-activity scenario: the seeded demo bidders bid on the running auctions for a while, taking turns at
// random (never the leader), one bid a second at most per bidder, so a visitor of a fresh installation sees a live
// site. At the end every accepted bid must be in the auction's public chain, which must verify.
import type { AuctionCardState, BidChainResponse, SearchAuctionsResponse } from "../contract";
import { ApiClient } from "./api-client";
import { seededRandom, type DemoActivityScenario } from "./scenario";
import { expectOk, progress, sleep, SimFailure, type Bot, type Check, type SimOptions, type SimReport } from "./simulator";

export async function runDemoActivity(scenario: DemoActivityScenario, options: SimOptions): Promise<SimReport> {
  const started = Date.now();
  const say = progress(options, started);

  const bidders: Bot[] = [];
  for (const name of scenario.bidders) {
    const client = new ApiClient(options.baseUrl);
    const answer = await client.post("/authn/sign-in", { email: `${name}@demo.pennybid.lv`, password: scenario.password });
    if (answer.status !== 200) {
      throw new SimFailure(
        `The demo bidder ${name} cannot sign in (${answer.status}): is this server seeded with demo data by this version?`,
      );
    }
    bidders.push({ name, displayName: name, client });
  }
  const search = expectOk<SearchAuctionsResponse>(
    await bidders[0]!.client.post("/api/auctions/search", { status: "Running", pageSize: 60 }),
    "Listing running auctions",
  );
  const auctions = search.items
    // Auctions any bot may enter: no entry rules (decision 031), enrolment not closing.
    .filter(
      (auction) =>
        auction.minPreviousEntries === 0 &&
        auction.entryFeeCents <= 500 &&
        auction.maxPreviousWins === null &&
        !auction.realBiddersOnly &&
        auction.enrolmentClosesAt === null &&
        auction.enrolmentClosesAtPriceCents === null &&
        // Seats are for real bidders: bots neither take the last one nor make up a minimum (decision 102).
        auction.seats === null,
    )
    .sort((a, b) => (a.endsAt ?? "").localeCompare(b.endsAt ?? ""))
    .slice(0, scenario.auctions);
  if (auctions.length === 0) throw new SimFailure("No running auction to bid on.");
  say(
    `${bidders.length} demo bidders on ${auctions.map((auction) => `#${auction.id} ${auction.title}`).join(", ")} for ${scenario.seconds} s`,
  );

  const deadline = started + scenario.seconds * 1000;
  const accepted = new Map<number, { bidder: string; priceCents: number }[]>(auctions.map((auction) => [auction.id, []]));
  const refusals: string[] = [];
  await Promise.all(
    auctions.map(async (auction: AuctionCardState, index) => {
      const own = seededRandom(scenario.seed * 1000 + index);
      const enrolled = new Set<string>();
      // Bidders the win limits keep out of this auction: they won enough lately, which a server that has run a while
      // (its demo bots, earlier scenarios) may have made so. The rules at work, not a failure.
      const keptOut = new Set<string>();
      const lastBidAt = new Map<string, number>();
      let leader = auction.leaderName;
      while (Date.now() < deadline) {
        const [min, max] = scenario.pauseMs;
        await sleep(min + Math.floor(own() * Math.max(0, max - min)));
        if (Date.now() >= deadline) break;
        const candidates = bidders.filter((bot) => bot.displayName !== leader && !keptOut.has(bot.name));
        if (candidates.length === 0) break;
        const bot = candidates[Math.floor(own() * candidates.length)]!;
        if (!enrolled.has(bot.name)) {
          const enrol = await bot.client.post(`/api/auctions/${auction.id}/enrol`);
          const code = (enrol.body as { error?: { code?: string } } | undefined)?.error?.code;
          if (code === "ENROLMENT_CLOSED") {
            // The soonest-ending auctions end during the show: enrolment closes with them.
            say(`#${auction.id} has ended`);
            break;
          }
          if (code === "WIN_LIMIT" || code === "PRODUCT_WIN_LIMIT") {
            keptOut.add(bot.name);
            continue;
          }
          if (enrol.status !== 200 && code !== "ALREADY_ENROLLED") {
            refusals.push(`${bot.name} could not enrol in #${auction.id}: ${code ?? enrol.status}`);
            continue;
          }
          enrolled.add(bot.name);
        }
        const wait = (lastBidAt.get(bot.name) ?? 0) + 1050 - Date.now();
        if (wait > 0) await sleep(wait);
        const answer = await bot.client.post(`/api/auctions/${auction.id}/bids`);
        lastBidAt.set(bot.name, Date.now());
        const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
        if (answer.status === 200) {
          const { priceCents } = answer.body as { priceCents: number };
          accepted.get(auction.id)!.push({ bidder: bot.name, priceCents });
          leader = bot.displayName;
          say(`#${auction.id}: ${bot.name} bids, price €${(priceCents / 100).toFixed(2)}`);
        } else if (code === "AUCTION_ENDED" || code === "AUCTION_NOT_RUNNING") {
          say(`#${auction.id} has ended`);
          break;
        } else if (code === "ALREADY_WINNING") {
          // Someone else's bid was ours to see: the leader moved meanwhile. Not an error.
          leader = bot.displayName;
        } else {
          refusals.push(`${bot.name} on #${auction.id}: ${code ?? answer.status}`);
        }
      }
    }),
  );

  const checks: Check[] = [];
  for (const auction of auctions) {
    const ours = accepted.get(auction.id)!;
    const chain = expectOk<BidChainResponse>(
      await bidders[0]!.client.get(`/api/auctions/${auction.id}/chain`),
      `Reading the chain of #${auction.id}`,
    );
    const inChain = new Set(chain.links.map((link) => `${link.displayName}@${link.priceCents}`));
    const missing = ours.filter((bid) => !inChain.has(`${bid.bidder}@${bid.priceCents}`));
    checks.push({
      name: `#${auction.id}: every accepted demo bid is in the verified public chain`,
      ok: chain.isValid && missing.length === 0,
      detail: `${ours.length} accepted, ${missing.length} missing, chain ${chain.isValid ? "verified" : "BROKEN"}`,
    });
  }
  checks.push({
    name: "no bid or enrolment refused unexpectedly",
    ok: refusals.length === 0,
    detail: refusals.slice(0, 3).join("; ") || "none",
  });
  return {
    scenario: scenario.name,
    seed: scenario.seed,
    passed: checks.every((check) => check.ok),
    checks,
    seconds: (Date.now() - started) / 1000,
    bids: [...accepted.values()].reduce((sum, bids) => sum + bids.length, 0),
    trace: Object.fromEntries(auctions.map((auction) => [`#${auction.id}`, accepted.get(auction.id)!.map((bid) => bid.bidder)])),
  };
}
