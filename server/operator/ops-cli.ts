// `npm run ops -- <command>`: the operator CLI. Parses arguments, calls a backend, prints tables (or JSON with
// --json). Exit code 0 when done, 1 when refused or failed, 2 when the command line itself is wrong.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  auctionStatuses,
  languages,
  type AuctionTexts,
  BuyNowSettingsBody,
  CreatePromoCodeBody,
  fulfilmentStates,
  type AuctionStatus,
  type CreateAuctionBody,
  type FulfilmentState,
  type OperatorAuction,
  type OperatorFulfilment,
  type OperatorReview,
  type OperatorUser,
  type PromoCode,
} from "../../contract";
import { writeWhole, type RestoreSummary } from "../db/backup";
import { OpsError, type OperatorBackend } from "./backends";

export const HELP = `Pennybid operator CLI

Usage: npm run ops -- <command> [arguments] [--json]

Auctions
  auctions list [--status New|Waiting|Running|Ended|Canceled] [--limit N]
  auctions show <id>                      settings, enrolments, every bid and the chain check
  auctions create --title TEXT --initial SECONDS --reset SECONDS
        [--description TEXT] [--title-lv TEXT] [--description-lv TEXT] [--title-ru TEXT] [--description-ru TEXT]
        [--image PATH|URL]... [--retail EUR] [--fee EUR] [--start-price EUR]
        [--starts-in SECONDS | --starts-at ISO-TIME] [--min-previous N] [--hard-end ISO-TIME]
        [--price-cap EUR] [--payment-window HOURS] [--publish] [--demo]
        [--max-previous-wins N] [--enrolment-closes-before SECONDS] [--enrolment-closes-at-price EUR]
        [--real-bidders-only] [--product KEY] [--min-seats N] [--max-seats N]
        [--manual-only]
                                          --title is English; any one language's title will do (en, lv, ru)
                                          fair-play rules: a beginner auction (0: only bidders who never won);
                                          enrolment closing SECONDS before the initial timer ends, or at a price;
                                          no operators or demo accounts; KEY names the product for the win limits
                                          seats: enrolment closes at the maximum; below the minimum at the
                                          start the auction is canceled and every entry fee refunded
                                          --manual-only: bids by hand only, no auto-bids
        [--fee-back PERCENT]              fees back: that share (0-100) of each loser's entry fee returns at the end
  auctions publish <id>                   a draft (New) becomes Waiting
  auctions cancel <id>                    New or Waiting only; entry fees are refunded
  auctions start-now <id>                 New or Waiting: starts at once
  auctions end-now <id>                   Running: ends at once, the leader wins
  auctions time-left <id> <seconds>       Running: ends in that many seconds; New/Waiting: starts then
  auctions manual-only <id>               Waiting or Running: bids by hand only from now on; auto-bids set are removed
  auctions buy-now <id> [--on | --off] [--stock N|none]
                                          Buy it now for those who lost (on by default): switch, stock
                                          (none: no limit); without options, shows them and how many sold

Fulfilment of won auctions
  fulfilments list [--state AwaitingPayment|PaymentReceived|InDelivery|Delivered|Expired] [--limit N]
  fulfilments advance <auction id> in-delivery|delivered
                                          PaymentReceived → InDelivery → Delivered; the winner's page follows
  fulfilments payment-time-left <auction id> <seconds>
                                          AwaitingPayment: the winner must pay within that; 0 expires it now

Promo codes
  promo-codes list
  promo-codes create <CODE> (--percent N | --fixed EUR) [--valid-from ISO-TIME] [--valid-until ISO-TIME]
        [--max-uses N] [--max-uses-per-user N]
  promo-codes disable <CODE>              refused at payment from now on ('Entered promo code is not valid.')

Reviews of delivered wins and purchases
  reviews list [--hidden | --visible] [--limit N]
  reviews hide <review id> --reason TEXT  gone from the Winners page and the product's auctions; the reason is
                                          kept with it and in the audit log

Users and wallets
  users list [--search TEXT] [--demo | --real] [--limit N]
  users show <user>                       a user (id, e-mail or display name), balance, last transactions
  users set-role <user> bidder|operator
  wallet credit <user> <EUR> --reason TEXT
  wallet debit <user> <EUR> --reason TEXT
                                          <user> is an id, an e-mail (matched against e-mails only) or a display
                                          name (against names only); a change first shows whom it will touch
                                          (e-mail and id) and asks, or goes ahead with --yes

Backups of the embedded database (PostgreSQL: pg_dump, see docs/operations/backups.md)
  backup <file>                           a consistent copy while the server runs and bids go on (.tar.gz)
  restore <file>                          into a new, empty data directory (DATA_DIR), never over one in use

Commands go to the server running on this data directory (DATA_DIR, default ./data) when there is one, so open
pages follow every change live; otherwise straight to the database (DATABASE_URL, or the embedded one).`;

export class UsageError extends Error {}

/** What the CLI connects for: an ordinary command, or a backup (never migrates first: a backup is of what is there). */
export type ConnectPurpose = "command" | "backup";

/** What `restore` does and tells, given by the caller (it reads the environment; tests give their own). */
export type OpsLocal = { restore(file: string): Promise<RestoreSummary> };

/** Where the CLI writes; `confirm` asks a yes/no question on a terminal (absent when no one is there to answer). */
export type OpsOutput = { out: (line: string) => void; err: (line: string) => void; confirm?: (question: string) => Promise<boolean> };

/** Euros as typed ("12", "0.5", "1.25") to cents; more than two decimals or anything else is refused. */
export function euroCents(text: string, what: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text.trim())) throw new UsageError(`${what} must be an amount in euros with at most two decimals, not "${text}".`);
  const [whole, fraction = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function integer(text: string | undefined, what: string, min = 0): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`${what} must be a whole number${min > 0 ? ` of at least ${min}` : ""}.`);
  return Number(text);
}

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const time = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, "Z") : "-");

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd());
}

function reviewRows(items: OperatorReview[]): string[] {
  if (items.length === 0) return ["No reviews."];
  return table([
    ["ID", "RATING", "AUCTION", "REVIEWER", "WRITTEN", "HIDDEN", "TEXT"],
    ...items.map((r) => [
      String(r.id), `${r.rating}/5`, `${r.auctionId} ${r.auctionTitle.slice(0, 24)}`, r.reviewerEmail, time(r.createdAt),
      r.hiddenAt ? `${time(r.hiddenAt)}: ${r.hiddenReason ?? ""}` : "-", r.text.replace(/\s+/g, " ").slice(0, 40),
    ]),
  ]);
}

function auctionRows(items: OperatorAuction[]): string[] {
  if (items.length === 0) return ["No auctions."];
  return table([
    ["ID", "STATUS", "TITLE", "PRICE", "FEE", "ENROLLED", "BIDS", "STARTS", "ENDS", "LEADER/WINNER", "DEMO"],
    ...items.map((a) => [
      String(a.id), a.status, a.title.slice(0, 36), euro(a.priceCents), euro(a.entryFeeCents), String(a.enrolledCount), String(a.bidCount),
      time(a.startsAt), time(a.endedAt ?? a.endsAt), a.winnerName ?? a.leaderName ?? "-", a.isDemo ? "demo" : "",
    ]),
  ]);
}

const auctionLine = (a: OperatorAuction) =>
  `Auction ${a.id} "${a.title}" is ${a.status}: price ${euro(a.priceCents)}, starts ${time(a.startsAt)}, ends ${time(a.endedAt ?? a.endsAt)}` +
  (a.winnerName ? `, won by ${a.winnerName}` : a.leaderName ? `, led by ${a.leaderName}` : "");

function userRows(items: OperatorUser[]): string[] {
  if (items.length === 0) return ["No users."];
  return table([
    ["E-MAIL", "DISPLAY NAME", "NAME", "ROLE", "BALANCE", "CONFIRMED", "DEMO DATA"],
    ...items.map((u) => [u.email, u.displayName, `${u.firstName} ${u.lastName}`, u.role, euro(u.balanceCents), u.isConfirmed ? "yes" : "no", u.isDemo ? "demo" : ""]),
  ]);
}

function fulfilmentRows(items: OperatorFulfilment[]): string[] {
  if (items.length === 0) return ["No fulfilments."];
  return table([
    ["AUCTION", "STATE", "TITLE", "WINNER", "PRICE", "PAID", "PAY BY", "ADDRESS"],
    ...items.map((f) => [
      String(f.auctionId), f.state, f.title.slice(0, 32), `${f.winnerDisplayName} <${f.winnerEmail}>`, euro(f.finalPriceCents),
      f.amountPaidCents === null ? "-" : euro(f.amountPaidCents), f.state === "AwaitingPayment" ? time(f.deadlineAt) : "-", (f.deliveryAddress ?? "-").slice(0, 40),
    ]),
  ]);
}

const fulfilmentLine = (f: OperatorFulfilment) =>
  `Auction ${f.auctionId} "${f.title}" won by ${f.winnerDisplayName}: ${f.state}` +
  (f.state === "AwaitingPayment" ? `, pay by ${time(f.deadlineAt)}` : f.amountPaidCents === null ? "" : `, paid ${euro(f.amountPaidCents)}`);

const promoAmount = (p: Pick<PromoCode, "kind" | "amount">) => (p.kind === "percent" ? `${p.amount} %` : euro(p.amount));

function promoRows(items: PromoCode[]): string[] {
  if (items.length === 0) return ["No promo codes."];
  return table([
    ["CODE", "DISCOUNT", "VALID FROM", "VALID UNTIL", "USES", "PER USER", "CREATED BY", "DISABLED"],
    ...items.map((p) => [
      p.code, promoAmount(p), time(p.validFrom), time(p.validUntil), `${p.uses}${p.maxUses === null ? "" : ` of ${p.maxUses}`}`,
      p.maxUsesPerUser === null ? "-" : String(p.maxUsesPerUser), p.createdBy, p.disabledAt === null ? "-" : time(p.disabledAt),
    ]),
  ]);
}

function promoBody(code: string | undefined, values: Values): CreatePromoCodeBody {
  if (!code) throw new UsageError("Give the promo code's text, e.g. promo-codes create SPRING10 --percent 10.");
  const percent = text(values, "percent");
  const fixed = text(values, "fixed");
  if ((percent === undefined) === (fixed === undefined)) throw new UsageError("Give exactly one of --percent N or --fixed EUR.");
  const optionalCount = (name: string) => (text(values, name) === undefined ? undefined : integer(text(values, name), `--${name}`, 1));
  const candidate = {
    code,
    kind: percent !== undefined ? "percent" : "fixed",
    amount: percent !== undefined ? integer(percent, "--percent", 1) : euroCents(fixed!, "--fixed"),
    validFrom: text(values, "valid-from"),
    validUntil: text(values, "valid-until"),
    maxUses: optionalCount("max-uses"),
    maxUsesPerUser: optionalCount("max-uses-per-user"),
  };
  const parsed = CreatePromoCodeBody.safeParse(Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined)));
  if (!parsed.success) {
    throw new UsageError(`The promo code is not valid:${parsed.error.issues.map((issue) => `\n  ${issue.path.join(".") || "code"}: ${issue.message}`).join("")}`);
  }
  return parsed.data;
}

const IMAGE_TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp", ".gif": "image/gif", ".svg": "image/svg+xml" };

/** An image from a file or a URL, as the data URL the API stores; bundled `/products/…` paths pass through. */
export async function imageSource(source: string): Promise<string> {
  if (/^\/(products|media)\/[\w.-]+$/.test(source)) return source;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source).catch(() => null);
    if (!response?.ok) throw new OpsError(`Could not download the image ${source}.`);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (!Object.values(IMAGE_TYPES).includes(type)) throw new OpsError(`${source} is not a PNG, JPEG, WebP, GIF or SVG image (${type || "no type"}).`);
    return `data:${type};base64,${Buffer.from(await response.arrayBuffer()).toString("base64")}`;
  }
  const type = IMAGE_TYPES[path.extname(source).toLowerCase()];
  if (!type) throw new UsageError(`The image ${source} must be a .png, .jpg, .webp, .gif or .svg file, or an http(s) URL.`);
  const bytes = await readFile(source).catch(() => {
    throw new OpsError(`Cannot read the image file ${source}.`);
  });
  return `data:${type};base64,${bytes.toString("base64")}`;
}

type Values = Record<string, string | boolean | string[] | undefined>;
const text = (values: Values, name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);

/** --title and --description are English; --title-lv, --description-lv, --title-ru and --description-ru the others. */
function textsOption(values: Values): AuctionTexts {
  const texts: AuctionTexts = {};
  for (const language of languages) {
    const suffix = language === "en" ? "" : `-${language}`;
    const title = text(values, `title${suffix}`);
    const description = text(values, `description${suffix}`);
    if (description !== undefined && !title) throw new UsageError(`--description${suffix} needs --title${suffix}.`);
    if (title) texts[language] = { title, description: description ?? "" };
  }
  if (Object.keys(texts).length === 0) throw new UsageError("auctions create needs --title (or --title-lv, --title-ru).");
  return texts;
}

async function createBody(values: Values): Promise<CreateAuctionBody> {
  const texts = textsOption(values);
  const images = await Promise.all(((values.image as string[] | undefined) ?? []).map(imageSource));
  const money = (name: string, label: string) => (text(values, name) === undefined ? undefined : euroCents(text(values, name)!, label));
  const body: CreateAuctionBody = {
    texts,
    initialSeconds: integer(text(values, "initial"), "--initial (seconds)", 5),
    resetSeconds: integer(text(values, "reset"), "--reset (seconds)", 5),
    images,
    publish: values.publish === true,
    isDemo: values.demo === true,
  };
  const optional: Partial<CreateAuctionBody> = {
    retailValueCents: money("retail", "--retail"),
    entryFeeCents: money("fee", "--fee"),
    startPriceCents: money("start-price", "--start-price"),
    priceCapCents: money("price-cap", "--price-cap"),
    startsAt: text(values, "starts-at"),
    startsInSeconds: text(values, "starts-in") === undefined ? undefined : integer(text(values, "starts-in"), "--starts-in"),
    minPreviousEntries: text(values, "min-previous") === undefined ? undefined : integer(text(values, "min-previous"), "--min-previous"),
    hardEndsAt: text(values, "hard-end"),
    paymentWindowHours: text(values, "payment-window") === undefined ? undefined : integer(text(values, "payment-window"), "--payment-window", 1),
    maxPreviousWins: text(values, "max-previous-wins") === undefined ? undefined : integer(text(values, "max-previous-wins"), "--max-previous-wins"),
    enrolmentClosesSecondsBeforeEnd:
      text(values, "enrolment-closes-before") === undefined ? undefined : integer(text(values, "enrolment-closes-before"), "--enrolment-closes-before (seconds)"),
    enrolmentClosesAtPriceCents: money("enrolment-closes-at-price", "--enrolment-closes-at-price"),
    realBiddersOnly: values["real-bidders-only"] === true ? true : undefined,
    manualOnly: values["manual-only"] === true ? true : undefined,
    productKey: text(values, "product"),
    feeBackPercent: text(values, "fee-back") === undefined ? undefined : integer(text(values, "fee-back"), "--fee-back (percent)"),
    minSeats: text(values, "min-seats") === undefined ? undefined : integer(text(values, "min-seats"), "--min-seats", 1),
    maxSeats: text(values, "max-seats") === undefined ? undefined : integer(text(values, "max-seats"), "--max-seats", 1),
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) Object.assign(body, { [name]: value });
  return body;
}

const OPTIONS = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  status: { type: "string" },
  limit: { type: "string" },
  title: { type: "string" },
  description: { type: "string" },
  "title-lv": { type: "string" },
  "description-lv": { type: "string" },
  "title-ru": { type: "string" },
  "description-ru": { type: "string" },
  image: { type: "string", multiple: true },
  retail: { type: "string" },
  fee: { type: "string" },
  "start-price": { type: "string" },
  "starts-in": { type: "string" },
  "starts-at": { type: "string" },
  initial: { type: "string" },
  reset: { type: "string" },
  "min-previous": { type: "string" },
  "hard-end": { type: "string" },
  "price-cap": { type: "string" },
  "payment-window": { type: "string" },
  "max-previous-wins": { type: "string" },
  "enrolment-closes-before": { type: "string" },
  "enrolment-closes-at-price": { type: "string" },
  "real-bidders-only": { type: "boolean" },
  "fee-back": { type: "string" },
  "manual-only": { type: "boolean" },
  product: { type: "string" },
  "min-seats": { type: "string" },
  "max-seats": { type: "string" },
  publish: { type: "boolean" },
  demo: { type: "boolean" },
  real: { type: "boolean" },
  on: { type: "boolean" },
  off: { type: "boolean" },
  stock: { type: "string" },
  search: { type: "string" },
  reason: { type: "string" },
  yes: { type: "boolean" },
  state: { type: "string" },
  percent: { type: "string" },
  fixed: { type: "string" },
  "valid-from": { type: "string" },
  "valid-until": { type: "string" },
  "max-uses": { type: "string" },
  "max-uses-per-user": { type: "string" },
  hidden: { type: "boolean" },
  visible: { type: "boolean" },
} as const;

/** Runs one command line; answers the exit code. The backend is opened by the caller and closed here. */
export async function runOps(
  argv: string[],
  connect: (purpose: ConnectPurpose) => Promise<OperatorBackend>,
  output: OpsOutput,
  local?: OpsLocal,
): Promise<number> {
  let opened: OperatorBackend | undefined;
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [group, command, ...rest] = positionals;
    if (values.help || !group || group === "help") {
      output.out(HELP);
      return group || values.help ? 0 : 2;
    }
    const id = () => integer(rest[0], "The auction id", 1);
    const ref = () => {
      if (!rest[0]) throw new UsageError("Name the user: an id, an e-mail or a display name.");
      return rest[0];
    };
    const print = (json: unknown, lines: string[]) => (values.json ? output.out(JSON.stringify(json, null, 2)) : lines.forEach((line) => output.out(line)));
    /** A change to a user: shows whom it will touch, by e-mail and id, and goes ahead only once that is confirmed. */
    const touching = async (backend: OperatorBackend, user: string, change: string): Promise<OperatorUser> => {
      const target = await backend.user(user);
      output.err(`${change} ${target.email} (id ${target.id}, display name ${target.displayName}).`);
      if (values.yes) return target;
      if (!output.confirm) throw new UsageError("Add --yes to go ahead: no one is at a terminal to confirm.");
      if (!(await output.confirm("Go ahead? [y/N] "))) throw new OpsError("nothing was changed.");
      return target;
    };
    const file = () => {
      if (!command || rest.length > 0) throw new UsageError(`Give one file, e.g. ${group} ./pennybid-backup.tar.gz.`);
      return command;
    };
    const key = group === "backup" || group === "restore" ? group : `${group} ${command ?? ""}`.trim();
    const known = [
      "auctions list", "auctions show", "auctions create", "auctions publish", "auctions cancel", "auctions start-now",
      "auctions end-now", "auctions time-left", "auctions manual-only", "auctions buy-now", "users list", "users show", "users set-role", "wallet credit", "wallet debit",
      "fulfilments list", "fulfilments advance", "fulfilments payment-time-left", "promo-codes list", "promo-codes create",
      "promo-codes disable", "backup", "restore",
      "reviews list", "reviews hide",
    ];
    if (!known.includes(key)) throw new UsageError(`Unknown command "${key}". Run \`npm run ops -- help\` for the list.`);

    if (key === "restore") {
      const from = file();
      if (!local) throw new OpsError("restore runs only from the command line.");
      const r = await local.restore(from);
      print(r, [
        `Restored ${from} into ${r.dataDir}: ${r.users} users, ${r.auctions} auctions, ${r.bids} bids (last migration ${r.lastMigration}).`,
        `Start the server with DATA_DIR=${r.dataDir}. Push subscriptions need the old VAPID keys: set VAPID_PUBLIC_KEY and`,
        "VAPID_PRIVATE_KEY, or copy vapid-keys.json (and session-secret) from the old data directory into it before it starts.",
      ]);
      return 0;
    }

    // Arguments are checked before anything is opened, so a typo never touches the database.
    const prepared: (backend: OperatorBackend) => Promise<void> = await (async () => {
      switch (key) {
        case "auctions list": {
          const status = text(values, "status");
          if (status !== undefined && !(auctionStatuses as readonly string[]).includes(status)) {
            throw new UsageError(`--status must be one of ${auctionStatuses.join(", ")}.`);
          }
          const limit = text(values, "limit") === undefined ? 100 : integer(text(values, "limit"), "--limit", 1);
          return async (backend) => {
            const items = await backend.listAuctions({ status: status as AuctionStatus | undefined, limit });
            print(items, auctionRows(items));
          };
        }
        case "auctions show": {
          const auctionId = id();
          return async (backend) => {
            const a = await backend.auction(auctionId);
            print(a, [
              auctionLine(a),
              `  entry fee ${euro(a.entryFeeCents)}, retail ${euro(a.retailValueCents)}, initial ${a.initialSeconds} s, reset ${a.resetSeconds} s, ` +
                `min previous entries ${a.minPreviousEntries}, payment window ${a.paymentWindowHours} h` +
                (a.priceCapCents ? `, price cap ${euro(a.priceCapCents)}` : "") + (a.hardEndsAt ? `, hard end ${time(a.hardEndsAt)}` : "") +
                (a.isDemo ? ", demo data" : ""),
              `  product ${a.productKey}` +
                (a.maxPreviousWins === null ? "" : `, beginners: at most ${a.maxPreviousWins} previous wins`) +
                (a.enrolmentClosesSecondsBeforeEnd === null ? "" : `, enrolment closes ${a.enrolmentClosesSecondsBeforeEnd} s before the initial timer ends`) +
                (a.enrolmentClosesAtPriceCents === null ? "" : `, enrolment closes at ${euro(a.enrolmentClosesAtPriceCents)}`) +
                (a.realBiddersOnly ? ", real bidders only (no operators or demo accounts)" : "") +
                (a.manualOnly ? ", manual bids only (no auto-bids)" : "") +
                (a.minSeats === null ? "" : `, at least ${a.minSeats} seats or canceled at the start`) +
                (a.maxSeats === null ? "" : `, at most ${a.maxSeats} seats`),
              ...(a.feeBackPercent > 0 ? [`  fees back: ${a.feeBackPercent}% of each losing bidder's entry fee returns when it ends`] : []),
              `  images: ${a.images.join(", ") || "none"}`,
              `Enrolments (${a.enrolments.length}):`,
              ...a.enrolments.map((e) => `  ${e.displayName} <${e.email}> paid ${euro(e.feeCents)} at ${time(e.at)}`),
              `Bids (${a.chain.links.length}):`,
              ...a.chain.links.map((l) => `  ${euro(l.priceCents)} by ${l.displayName}${l.label ? ` (${l.label})` : ""} at ${time(l.placedAt)}  ${l.hash.slice(0, 16)}…`),
              `Bid chain: ${a.chain.isValid ? "verified" : "BROKEN"}; final hash ${a.chain.finalHash ?? "(none yet)"}`,
            ]);
          };
        }
        case "auctions create": {
          const body = await createBody(values);
          return async (backend) => {
            const a = await backend.createAuction(body);
            print(a, [`Created. ${auctionLine(a)}`]);
          };
        }
        case "auctions cancel": {
          const auctionId = id();
          return async (backend) => {
            const result = await backend.cancel(auctionId);
            print(result, [
              `Canceled. ${auctionLine(result.auction)}`,
              result.refunds.length === 0 ? "No entry fees to refund." : `Refunded ${result.refunds.map((r) => `${euro(r.amountCents)} to ${r.displayName}`).join(", ")}.`,
            ]);
          };
        }
        case "auctions publish":
        case "auctions start-now":
        case "auctions end-now":
        case "auctions manual-only":
        case "auctions time-left": {
          const auctionId = id();
          const seconds = key === "auctions time-left" ? integer(rest[1], "The seconds") : 0;
          const act: Record<string, (backend: OperatorBackend) => Promise<OperatorAuction>> = {
            "auctions publish": (backend) => backend.publish(auctionId),
            "auctions start-now": (backend) => backend.startNow(auctionId),
            "auctions end-now": (backend) => backend.endNow(auctionId),
            "auctions time-left": (backend) => backend.timeLeft(auctionId, seconds),
            "auctions manual-only": (backend) => backend.manualOnly(auctionId),
          };
          return async (backend) => {
            const a = await act[key]!(backend);
            print(a, [auctionLine(a)]);
          };
        }
        case "auctions buy-now": {
          const auctionId = id();
          if (values.on && values.off) throw new UsageError("Give --on or --off, not both.");
          const enabled = values.on ? true : values.off ? false : undefined;
          const stockText = text(values, "stock");
          const stock = stockText === undefined ? undefined : stockText === "none" ? null : integer(stockText, "--stock");
          const body = BuyNowSettingsBody.safeParse({ enabled, stock });
          return async (backend) => {
            const settings = body.success ? await backend.setBuyNow(auctionId, body.data) : await backend.buyNow(auctionId);
            print(settings, [
              `Auction ${settings.auctionId}: Buy it now ${settings.enabled ? "on" : "off"}, stock ${settings.stock ?? "unlimited"}, sold ${settings.sold}.`,
            ]);
          };
        }
        case "users list": {
          if (values.demo && values.real) throw new UsageError("Give --demo or --real, not both.");
          const limit = text(values, "limit") === undefined ? 100 : integer(text(values, "limit"), "--limit", 1);
          const filter = { search: text(values, "search"), isDemo: values.demo ? true : values.real ? false : undefined, limit };
          return async (backend) => {
            const items = await backend.listUsers(filter);
            print(items, userRows(items));
          };
        }
        case "users show": {
          const user = ref();
          return async (backend) => {
            const u = await backend.user(user);
            print(u, [
              ...userRows([u]),
              `Id ${u.id}, signed up ${time(u.createdAt)}${u.isDemo ? "; demo data (seeded)" : ""}`,
              `Transactions (latest ${u.transactions.length}):`,
              ...u.transactions.map((t) => `  ${time(t.createdAt)}  ${t.type.padEnd(17)} ${(t.amount >= 0 ? "+" : "") + t.amount.toFixed(2)}  ${t.description}`),
            ]);
          };
        }
        case "users set-role": {
          const user = ref();
          const role = rest[1];
          if (role !== "bidder" && role !== "operator") throw new UsageError("The role is bidder or operator.");
          return async (backend) => {
            const target = await touching(backend, user, `Make ${role === "operator" ? "an operator" : "a bidder"} of`);
            const u = await backend.setRole(target.id, role);
            print(u, [`${u.email} is now ${u.role === "operator" ? "an operator" : "a bidder"}.`]);
          };
        }
        case "fulfilments list": {
          const state = text(values, "state");
          if (state !== undefined && !(fulfilmentStates as readonly string[]).includes(state)) {
            throw new UsageError(`--state must be one of ${fulfilmentStates.join(", ")}.`);
          }
          const limit = text(values, "limit") === undefined ? 100 : integer(text(values, "limit"), "--limit", 1);
          return async (backend) => {
            const items = await backend.listFulfilments({ state: state as FulfilmentState | undefined, limit });
            print(items, fulfilmentRows(items));
          };
        }
        case "fulfilments advance": {
          const auctionId = id();
          const to = ({ "in-delivery": "InDelivery", delivered: "Delivered" } as const)[rest[1] as "in-delivery" | "delivered"];
          if (!to) throw new UsageError("Say where to: in-delivery or delivered.");
          return async (backend) => {
            const f = await backend.advanceFulfilment(auctionId, to);
            print(f, [fulfilmentLine(f)]);
          };
        }
        case "fulfilments payment-time-left": {
          const auctionId = id();
          const seconds = integer(rest[1], "The seconds");
          return async (backend) => {
            const f = await backend.paymentTimeLeft(auctionId, seconds);
            print(f, [fulfilmentLine(f)]);
          };
        }
        case "promo-codes list":
          return async (backend) => {
            const items = await backend.listPromoCodes();
            print(items, promoRows(items));
          };
        case "promo-codes create": {
          const body = promoBody(rest[0], values);
          return async (backend) => {
            const p = await backend.createPromoCode(body);
            print(p, [`Created promo code ${p.code}: ${promoAmount(p)} off${p.maxUses === null ? "" : `, ${p.maxUses} uses`}${p.maxUsesPerUser === null ? "" : `, ${p.maxUsesPerUser} per user`}.`]);
          };
        }
        case "promo-codes disable": {
          const code = rest[0];
          if (!code) throw new UsageError("Give the promo code's text, e.g. promo-codes disable SPRING10.");
          return async (backend) => {
            const p = await backend.disablePromoCode(code);
            print(p, [`Disabled promo code ${p.code} (used ${p.uses} times): it is refused at payment from now on.`]);
          };
        }
        case "reviews list": {
          if (values.hidden && values.visible) throw new UsageError("Give --hidden or --visible, not both.");
          const hidden = values.hidden ? "yes" : values.visible ? "no" : undefined;
          const limit = text(values, "limit") === undefined ? 50 : integer(text(values, "limit"), "--limit", 1);
          return async (backend) => {
            const items = await backend.listReviews({ hidden, limit });
            print(items, reviewRows(items));
          };
        }
        case "reviews hide": {
          const reviewId = integer(rest[0], "The review id", 1);
          const reason = text(values, "reason")?.trim();
          if (!reason) throw new UsageError("Say why with --reason; it is kept with the review and in the audit log.");
          return async (backend) => {
            const r = await backend.hideReview(reviewId, reason);
            print(r, [`Hid review ${r.id} by ${r.reviewerEmail} of auction ${r.auctionId}: ${r.hiddenReason ?? ""}`]);
          };
        }
        case "backup": {
          const to = path.resolve(file());
          return async (backend) => {
            const started = performance.now();
            const archive = await backend.backup();
            try {
              writeWhole(to, archive);
            } catch (error) {
              throw new OpsError(`cannot write ${to}: ${error instanceof Error ? error.message : String(error)}`);
            }
            const seconds = ((performance.now() - started) / 1000).toFixed(1);
            print({ file: to, bytes: archive.length }, [`Backed up the embedded database to ${to} (${(archive.length / 1_048_576).toFixed(1)} MiB, ${seconds} s).`]);
          };
        }
        default: {
          // wallet credit | wallet debit
          const user = ref();
          if (rest[1] === undefined) throw new UsageError("Give the amount in euros, e.g. 10 or 2.50.");
          const cents = euroCents(rest[1], "The amount");
          if (cents === 0) throw new UsageError("The amount cannot be zero.");
          const reason = text(values, "reason")?.trim();
          if (!reason || reason.length < 3) throw new UsageError("Say why with --reason (at least 3 characters); it is written in the ledger.");
          const amountCents = command === "debit" ? -cents : cents;
          return async (backend) => {
            const target = await touching(backend, user, `${command === "debit" ? "Debit" : "Credit"} ${euro(cents)} ${command === "debit" ? "from" : "to"}`);
            const u = await backend.adjustWallet(target.id, { amountCents, reason });
            print(u, [`${command === "debit" ? "Debited" : "Credited"} ${euro(cents)} ${command === "debit" ? "from" : "to"} ${u.email}: balance ${euro(u.balanceCents)}.`]);
          };
        }
      }
    })();
    opened = await connect(key === "backup" ? "backup" : "command");
    if (!values.json) output.err(`Using ${opened.describe}.`);
    await prepared(opened);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
      output.err(`${error.message}\nRun \`npm run ops -- help\` for usage.`);
      return 2;
    }
    if (error instanceof OpsError) {
      output.err(`Refused: ${error.message}`);
      return 1;
    }
    output.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.close();
  }
}
