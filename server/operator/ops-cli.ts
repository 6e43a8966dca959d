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
  type OperatorAuctionDetail,
  type OperatorFulfilment,
  type OperatorReview,
  type OperatorUser,
  type PromoCode,
} from "../../contract";
import { writeWhole, type RestoreSummary } from "../db/backup";
import { OpsError, type OperatorBackend } from "./ops-cli-backends";

export class UsageError extends Error {}

/** What the CLI connects for: an ordinary command, or a backup (never migrates first: a backup is of what is there). */
export type ConnectPurpose = "command" | "backup";

/** What `restore` does and tells, given by the caller (it reads the environment; tests give their own). */
export type OpsLocal = { restore(file: string): Promise<RestoreSummary> };

/** Where the CLI writes; `confirm` asks a yes/no question on a terminal (absent when no one is there to answer). */
export type OpsOutput = { out: (line: string) => void; err: (line: string) => void; confirm?: (question: string) => Promise<boolean> };

/** Euros as typed ("12", "0.5", "1.25") to cents; more than two decimals or anything else is refused. */
export function euroCents(text: string, what: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text.trim()))
    throw new UsageError(`${what} must be an amount in euros with at most two decimals, not "${text}".`);
  const [whole, fraction = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function integer(text: string | undefined, what: string, min = 0): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`${what} must be a whole number${min > 0 ? ` of at least ${min}` : ""}.`);
  return Number(text);
}

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const time = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, "Z") : "-");

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
}

function reviewRows(items: OperatorReview[]): string[] {
  if (items.length === 0) return ["No reviews."];
  return table([
    ["ID", "RATING", "AUCTION", "REVIEWER", "WRITTEN", "HIDDEN", "TEXT"],
    ...items.map((r) => [
      String(r.id),
      `${r.rating}/5`,
      `${r.auctionId} ${r.auctionTitle.slice(0, 24)}`,
      r.reviewerEmail,
      time(r.createdAt),
      r.hiddenAt ? `${time(r.hiddenAt)}: ${r.hiddenReason ?? ""}` : "-",
      r.text.replace(/\s+/g, " ").slice(0, 40),
    ]),
  ]);
}

function auctionRows(items: OperatorAuction[]): string[] {
  if (items.length === 0) return ["No auctions."];
  return table([
    ["ID", "STATUS", "TITLE", "PRICE", "FEE", "ENROLLED", "BIDS", "STARTS", "ENDS", "LEADER/WINNER", "DEMO"],
    ...items.map((a) => [
      String(a.id),
      a.status,
      a.title.slice(0, 36),
      euro(a.priceCents),
      euro(a.entryFeeCents),
      String(a.enrolledCount),
      String(a.bidCount),
      time(a.startsAt),
      time(a.endedAt ?? a.endsAt),
      a.winnerName ?? a.leaderName ?? "-",
      a.isDemo ? "demo" : "",
    ]),
  ]);
}

const auctionLine = (a: OperatorAuction) =>
  `Auction ${a.id} "${a.title}" is ${a.status}: price ${euro(a.priceCents)}, starts ${time(a.startsAt)}, ends ${time(a.endedAt ?? a.endsAt)}` +
  (a.winnerName ? `, won by ${a.winnerName}` : a.leaderName ? `, led by ${a.leaderName}` : "");

/** `auctions show`: the settings, enrolments, every bid and the chain check. */
const auctionDetails = (a: OperatorAuctionDetail): string[] => [
  auctionLine(a),
  `  entry fee ${euro(a.entryFeeCents)}, retail ${euro(a.retailValueCents)}, initial ${a.initialSeconds} s, reset ${a.resetSeconds} s, ` +
    `min previous entries ${a.minPreviousEntries}, payment window ${a.paymentWindowHours} h` +
    (a.priceCapCents ? `, price cap ${euro(a.priceCapCents)}` : "") +
    (a.hardEndsAt ? `, hard end ${time(a.hardEndsAt)}` : "") +
    (a.isDemo ? ", demo data" : ""),
  `  product ${a.productKey}` +
    (a.maxPreviousWins === null ? "" : `, beginners: at most ${a.maxPreviousWins} previous wins`) +
    (a.enrolmentClosesSecondsBeforeEnd === null
      ? ""
      : `, enrolment closes ${a.enrolmentClosesSecondsBeforeEnd} s before the initial timer ends`) +
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
  ...a.chain.links.map(
    (l) => `  ${euro(l.priceCents)} by ${l.displayName}${l.label ? ` (${l.label})` : ""} at ${time(l.placedAt)}  ${l.hash.slice(0, 16)}…`,
  ),
  `Bid chain: ${a.chain.isValid ? "verified" : "BROKEN"}; final hash ${a.chain.finalHash ?? "(none yet)"}`,
];

function userRows(items: OperatorUser[]): string[] {
  if (items.length === 0) return ["No users."];
  return table([
    ["E-MAIL", "DISPLAY NAME", "NAME", "ROLE", "BALANCE", "CONFIRMED", "DEMO DATA"],
    ...items.map((u) => [
      u.email,
      u.displayName,
      `${u.firstName} ${u.lastName}`,
      u.role,
      euro(u.balanceCents),
      u.isConfirmed ? "yes" : "no",
      u.isDemo ? "demo" : "",
    ]),
  ]);
}

function fulfilmentRows(items: OperatorFulfilment[]): string[] {
  if (items.length === 0) return ["No fulfilments."];
  return table([
    ["AUCTION", "STATE", "TITLE", "WINNER", "PRICE", "PAID", "PAY BY", "ADDRESS"],
    ...items.map((f) => [
      String(f.auctionId),
      f.state,
      f.title.slice(0, 32),
      `${f.winnerDisplayName} <${f.winnerEmail}>`,
      euro(f.finalPriceCents),
      f.amountPaidCents === null ? "-" : euro(f.amountPaidCents),
      f.state === "AwaitingPayment" ? time(f.deadlineAt) : "-",
      (f.deliveryAddress ?? "-").slice(0, 40),
    ]),
  ]);
}

const fulfilmentLine = (f: OperatorFulfilment) =>
  `Auction ${f.auctionId} "${f.title}" won by ${f.winnerDisplayName}: ${f.state}` +
  (f.state === "AwaitingPayment"
    ? `, pay by ${time(f.deadlineAt)}`
    : f.amountPaidCents === null
      ? ""
      : `, paid ${euro(f.amountPaidCents)}`);

const promoAmount = (p: Pick<PromoCode, "kind" | "amount">) => (p.kind === "percent" ? `${p.amount} %` : euro(p.amount));

function promoRows(items: PromoCode[]): string[] {
  if (items.length === 0) return ["No promo codes."];
  return table([
    ["CODE", "DISCOUNT", "VALID FROM", "VALID UNTIL", "USES", "PER USER", "CREATED BY", "DISABLED"],
    ...items.map((p) => [
      p.code,
      promoAmount(p),
      time(p.validFrom),
      time(p.validUntil),
      `${p.uses}${p.maxUses === null ? "" : ` of ${p.maxUses}`}`,
      p.maxUsesPerUser === null ? "-" : String(p.maxUsesPerUser),
      p.createdBy,
      p.disabledAt === null ? "-" : time(p.disabledAt),
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
    throw new UsageError(
      `The promo code is not valid:${parsed.error.issues.map((issue) => `\n  ${issue.path.join(".") || "code"}: ${issue.message}`).join("")}`,
    );
  }
  return parsed.data;
}

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

/** An image from a file or a URL, as the data URL the API stores; bundled `/products/…` paths pass through. */
export async function imageSource(source: string): Promise<string> {
  if (/^\/(products|media)\/[\w.-]+$/.test(source)) return source;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source).catch(() => null);
    if (!response?.ok) throw new OpsError(`Could not download the image ${source}.`);
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (!Object.values(IMAGE_TYPES).includes(type))
      throw new OpsError(`${source} is not a PNG, JPEG, WebP, GIF or SVG image (${type || "no type"}).`);
    return `data:${type};base64,${Buffer.from(await response.arrayBuffer()).toString("base64")}`;
  }
  const type = IMAGE_TYPES[path.extname(source).toLowerCase()];
  if (!type) throw new UsageError(`The image ${source} must be a .png, .jpg, .webp, .gif or .svg file, or an http(s) URL.`);
  const bytes = await readFile(source).catch(() => {
    throw new OpsError(`Cannot read the image file ${source}.`);
  });
  return `data:${type};base64,${bytes.toString("base64")}`;
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;
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
    paymentWindowHours:
      text(values, "payment-window") === undefined ? undefined : integer(text(values, "payment-window"), "--payment-window", 1),
    maxPreviousWins:
      text(values, "max-previous-wins") === undefined ? undefined : integer(text(values, "max-previous-wins"), "--max-previous-wins"),
    enrolmentClosesSecondsBeforeEnd:
      text(values, "enrolment-closes-before") === undefined
        ? undefined
        : integer(text(values, "enrolment-closes-before"), "--enrolment-closes-before (seconds)"),
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

/** Option names and kinds, as node:util's parseArgs takes them. */
type Options = Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

/**
 * A command's lines in the help. The usage follows the command's name; `about` is the note beside it (or under it
 * when the usage is long). In `more`, a string is a further note under `about`, a [options, note?] pair a further
 * line of the usage with its own note.
 */
type Help = { usage: string; about?: string; more?: (string | [options: string, about?: string])[] };

/** What a command gets: its parsed options and the positionals after its name, and the ways to answer. */
type Input = {
  name: string;
  values: Values;
  args: string[];
  output: OpsOutput;
  local: OpsLocal | undefined;
  print: (json: unknown, lines: string[]) => void;
};

/** The work of a command once its arguments are checked, on the backend the caller opens. */
type Work = (backend: OperatorBackend) => Promise<void>;

/**
 * One command of the table. `prepare` checks the arguments before anything is opened, so a typo never touches the
 * database, and answers the work to do; `opens` says what the backend is connected for, or "nothing" for a command
 * that runs here without one (its work then gets none).
 */
type Command = { name: string; help: Help; options?: Options } & (
  { opens?: ConnectPurpose; prepare: (input: Input) => Work | Promise<Work> } | { opens: "nothing"; run: (input: Input) => Promise<void> }
);

type Section = { heading: string; commands: Command[]; notes?: string[] };

const NOTE_COLUMN = 42;
const LIMIT: Options = { limit: { type: "string" } };
const YES: Options = { yes: { type: "boolean" } };

const auctionId = ({ args }: Input) => integer(args[0], "The auction id", 1);
const userRef = ({ args }: Input) => {
  if (!args[0]) throw new UsageError("Name the user: an id, an e-mail or a display name.");
  return args[0];
};
const oneFile = ({ name, args }: Input) => {
  if (!args[0] || args.length > 1) throw new UsageError(`Give one file, e.g. ${name} ./pennybid-backup.tar.gz.`);
  return args[0];
};
const limitOption = (values: Values) => (text(values, "limit") === undefined ? 100 : integer(text(values, "limit"), "--limit", 1));

/** A change to a user: shows whom it will touch, by e-mail and id, and goes ahead only once that is confirmed. */
async function touching({ values, output }: Input, backend: OperatorBackend, user: string, change: string): Promise<OperatorUser> {
  const target = await backend.user(user);
  output.err(`${change} ${target.email} (id ${target.id}, display name ${target.displayName}).`);
  if (values.yes) return target;
  if (!output.confirm) throw new UsageError("Add --yes to go ahead: no one is at a terminal to confirm.");
  if (!(await output.confirm("Go ahead? [y/N] "))) throw new OpsError("nothing was changed.");
  return target;
}

/** A command that changes one auction and tells what it is now. */
function auctionAction(name: string, about: string, act: (backend: OperatorBackend, id: number) => Promise<OperatorAuction>): Command {
  return {
    name,
    help: { usage: "<id>", about },
    prepare: (input) => {
      const id = auctionId(input);
      return async (backend) => {
        const a = await act(backend, id);
        input.print(a, [auctionLine(a)]);
      };
    },
  };
}

/** wallet credit and wallet debit: the same check and confirmation, the amount's sign and words apart. */
function walletChange(direction: "credit" | "debit"): Command {
  const isDebit = direction === "debit";
  return {
    name: `wallet ${direction}`,
    help: { usage: "<user> <EUR> --reason TEXT" },
    options: { reason: { type: "string" }, ...YES },
    prepare: (input) => {
      const user = userRef(input);
      const amount = input.args[1];
      if (amount === undefined) throw new UsageError("Give the amount in euros, e.g. 10 or 2.50.");
      const cents = euroCents(amount, "The amount");
      if (cents === 0) throw new UsageError("The amount cannot be zero.");
      const reason = text(input.values, "reason")?.trim();
      if (!reason || reason.length < 3) throw new UsageError("Say why with --reason (at least 3 characters); it is written in the ledger.");
      return async (backend) => {
        const target = await touching(input, backend, user, `${isDebit ? "Debit" : "Credit"} ${euro(cents)} ${isDebit ? "from" : "to"}`);
        const u = await backend.adjustWallet(target.id, { amountCents: isDebit ? -cents : cents, reason });
        input.print(u, [
          `${isDebit ? "Debited" : "Credited"} ${euro(cents)} ${isDebit ? "from" : "to"} ${u.email}: balance ${euro(u.balanceCents)}.`,
        ]);
      };
    },
  };
}

const TEXT_OPTIONS: Options = Object.fromEntries(
  languages.flatMap((language) => {
    const suffix = language === "en" ? "" : `-${language}`;
    return [
      [`title${suffix}`, { type: "string" }],
      [`description${suffix}`, { type: "string" }],
    ];
  }),
);

const CREATE_OPTIONS: Options = {
  ...TEXT_OPTIONS,
  image: { type: "string", multiple: true },
  ...Object.fromEntries(
    [
      "retail",
      "fee",
      "start-price",
      "starts-in",
      "starts-at",
      "initial",
      "reset",
      "min-previous",
      "hard-end",
      "price-cap",
      "payment-window",
      "max-previous-wins",
      "enrolment-closes-before",
      "enrolment-closes-at-price",
      "fee-back",
      "product",
      "min-seats",
      "max-seats",
    ].map((name) => [name, { type: "string" }]),
  ),
  ...Object.fromEntries(["real-bidders-only", "manual-only", "publish", "demo"].map((name) => [name, { type: "boolean" }])),
};

const SECTIONS: Section[] = [
  {
    heading: "Auctions",
    commands: [
      {
        name: "auctions list",
        help: { usage: `[--status ${auctionStatuses.join("|")}] [--limit N]` },
        options: { status: { type: "string" }, ...LIMIT },
        prepare: ({ values, print }) => {
          const status = text(values, "status");
          if (status !== undefined && !(auctionStatuses as readonly string[]).includes(status)) {
            throw new UsageError(`--status must be one of ${auctionStatuses.join(", ")}.`);
          }
          const limit = limitOption(values);
          return async (backend) => {
            const items = await backend.listAuctions({ status: status as AuctionStatus | undefined, limit });
            print(items, auctionRows(items));
          };
        },
      },
      {
        name: "auctions show",
        help: { usage: "<id>", about: "settings, enrolments, every bid and the chain check" },
        prepare: (input) => {
          const id = auctionId(input);
          return async (backend) => {
            const a = await backend.auction(id);
            input.print(a, auctionDetails(a));
          };
        },
      },
      {
        name: "auctions create",
        help: {
          usage: "--title TEXT --initial SECONDS --reset SECONDS",
          more: [
            ["[--description TEXT] [--title-lv TEXT] [--description-lv TEXT] [--title-ru TEXT] [--description-ru TEXT]"],
            ["[--image PATH|URL]... [--retail EUR] [--fee EUR] [--start-price EUR]"],
            ["[--starts-in SECONDS | --starts-at ISO-TIME] [--min-previous N] [--hard-end ISO-TIME]"],
            ["[--price-cap EUR] [--payment-window HOURS] [--publish] [--demo]"],
            ["[--max-previous-wins N] [--enrolment-closes-before SECONDS] [--enrolment-closes-at-price EUR]"],
            ["[--real-bidders-only] [--product KEY] [--min-seats N] [--max-seats N]"],
            ["[--manual-only]"],
            "--title is English; any one language's title will do (en, lv, ru)",
            "fair-play rules: a beginner auction (0: only bidders who never won);",
            "enrolment closing SECONDS before the initial timer ends, or at a price;",
            "no operators or demo accounts; KEY names the product for the win limits",
            "seats: enrolment closes at the maximum; below the minimum at the",
            "start the auction is canceled and every entry fee refunded",
            "--manual-only: bids by hand only, no auto-bids",
            ["[--fee-back PERCENT]", "fees back: that share (0-100) of each loser's entry fee returns at the end"],
          ],
        },
        options: CREATE_OPTIONS,
        prepare: async ({ values, print }) => {
          const body = await createBody(values);
          return async (backend) => {
            const a = await backend.createAuction(body);
            print(a, [`Created. ${auctionLine(a)}`]);
          };
        },
      },
      auctionAction("auctions publish", "a draft (New) becomes Waiting", (backend, id) => backend.publish(id)),
      {
        name: "auctions cancel",
        help: { usage: "<id>", about: "New or Waiting only; entry fees are refunded" },
        prepare: (input) => {
          const id = auctionId(input);
          return async (backend) => {
            const result = await backend.cancel(id);
            input.print(result, [
              `Canceled. ${auctionLine(result.auction)}`,
              result.refunds.length === 0
                ? "No entry fees to refund."
                : `Refunded ${result.refunds.map((r) => `${euro(r.amountCents)} to ${r.displayName}`).join(", ")}.`,
            ]);
          };
        },
      },
      auctionAction("auctions start-now", "New or Waiting: starts at once", (backend, id) => backend.startNow(id)),
      auctionAction("auctions end-now", "Running: ends at once, the leader wins", (backend, id) => backend.endNow(id)),
      {
        name: "auctions time-left",
        help: { usage: "<id> <seconds>", about: "Running: ends in that many seconds; New/Waiting: starts then" },
        prepare: (input) => {
          const id = auctionId(input);
          const seconds = integer(input.args[1], "The seconds");
          return async (backend) => {
            const a = await backend.timeLeft(id, seconds);
            input.print(a, [auctionLine(a)]);
          };
        },
      },
      auctionAction("auctions manual-only", "Waiting or Running: bids by hand only from now on; auto-bids set are removed", (backend, id) =>
        backend.manualOnly(id),
      ),
      {
        name: "auctions buy-now",
        help: {
          usage: "<id> [--on | --off] [--stock N|none]",
          about: "Buy it now for those who lost (on by default): switch, stock",
          more: ["(none: no limit); without options, shows them and how many sold"],
        },
        options: { on: { type: "boolean" }, off: { type: "boolean" }, stock: { type: "string" } },
        prepare: (input) => {
          const { values, print } = input;
          const id = auctionId(input);
          if (values.on && values.off) throw new UsageError("Give --on or --off, not both.");
          const enabled = values.on ? true : values.off ? false : undefined;
          const stockText = text(values, "stock");
          const stock = stockText === undefined ? undefined : stockText === "none" ? null : integer(stockText, "--stock");
          const body = BuyNowSettingsBody.safeParse({ enabled, stock });
          return async (backend) => {
            const settings = body.success ? await backend.setBuyNow(id, body.data) : await backend.buyNow(id);
            print(settings, [
              `Auction ${settings.auctionId}: Buy it now ${settings.enabled ? "on" : "off"}, stock ${settings.stock ?? "unlimited"}, sold ${settings.sold}.`,
            ]);
          };
        },
      },
    ],
  },
  {
    heading: "Fulfilment of won auctions",
    commands: [
      {
        name: "fulfilments list",
        help: { usage: `[--state ${fulfilmentStates.join("|")}] [--limit N]` },
        options: { state: { type: "string" }, ...LIMIT },
        prepare: ({ values, print }) => {
          const state = text(values, "state");
          if (state !== undefined && !(fulfilmentStates as readonly string[]).includes(state)) {
            throw new UsageError(`--state must be one of ${fulfilmentStates.join(", ")}.`);
          }
          const limit = limitOption(values);
          return async (backend) => {
            const items = await backend.listFulfilments({ state: state as FulfilmentState | undefined, limit });
            print(items, fulfilmentRows(items));
          };
        },
      },
      {
        name: "fulfilments advance",
        help: { usage: "<auction id> in-delivery|delivered", about: "PaymentReceived → InDelivery → Delivered; the winner's page follows" },
        prepare: (input) => {
          const id = auctionId(input);
          const to = ({ "in-delivery": "InDelivery", delivered: "Delivered" } as const)[input.args[1] as "in-delivery" | "delivered"];
          if (!to) throw new UsageError("Say where to: in-delivery or delivered.");
          return async (backend) => {
            const f = await backend.advanceFulfilment(id, to);
            input.print(f, [fulfilmentLine(f)]);
          };
        },
      },
      {
        name: "fulfilments payment-time-left",
        help: { usage: "<auction id> <seconds>", about: "AwaitingPayment: the winner must pay within that; 0 expires it now" },
        prepare: (input) => {
          const id = auctionId(input);
          const seconds = integer(input.args[1], "The seconds");
          return async (backend) => {
            const f = await backend.paymentTimeLeft(id, seconds);
            input.print(f, [fulfilmentLine(f)]);
          };
        },
      },
    ],
  },
  {
    heading: "Promo codes",
    commands: [
      {
        name: "promo-codes list",
        help: { usage: "" },
        prepare:
          ({ print }) =>
          async (backend) => {
            const items = await backend.listPromoCodes();
            print(items, promoRows(items));
          },
      },
      {
        name: "promo-codes create",
        help: {
          usage: "<CODE> (--percent N | --fixed EUR) [--valid-from ISO-TIME] [--valid-until ISO-TIME]",
          more: [["[--max-uses N] [--max-uses-per-user N]"]],
        },
        options: Object.fromEntries(
          ["percent", "fixed", "valid-from", "valid-until", "max-uses", "max-uses-per-user"].map((name) => [name, { type: "string" }]),
        ),
        prepare: ({ args, values, print }) => {
          const body = promoBody(args[0], values);
          return async (backend) => {
            const p = await backend.createPromoCode(body);
            print(p, [
              `Created promo code ${p.code}: ${promoAmount(p)} off${p.maxUses === null ? "" : `, ${p.maxUses} uses`}${p.maxUsesPerUser === null ? "" : `, ${p.maxUsesPerUser} per user`}.`,
            ]);
          };
        },
      },
      {
        name: "promo-codes disable",
        help: { usage: "<CODE>", about: "refused at payment from now on ('Entered promo code is not valid.')" },
        prepare: ({ args, print }) => {
          const code = args[0];
          if (!code) throw new UsageError("Give the promo code's text, e.g. promo-codes disable SPRING10.");
          return async (backend) => {
            const p = await backend.disablePromoCode(code);
            print(p, [`Disabled promo code ${p.code} (used ${p.uses} times): it is refused at payment from now on.`]);
          };
        },
      },
    ],
  },
  {
    heading: "Reviews of delivered wins and purchases",
    commands: [
      {
        name: "reviews list",
        help: { usage: "[--hidden | --visible] [--limit N]" },
        options: { hidden: { type: "boolean" }, visible: { type: "boolean" }, ...LIMIT },
        prepare: ({ values, print }) => {
          if (values.hidden && values.visible) throw new UsageError("Give --hidden or --visible, not both.");
          const hidden = values.hidden ? "yes" : values.visible ? "no" : undefined;
          const limit = text(values, "limit") === undefined ? 50 : integer(text(values, "limit"), "--limit", 1);
          return async (backend) => {
            const items = await backend.listReviews({ hidden, limit });
            print(items, reviewRows(items));
          };
        },
      },
      {
        name: "reviews hide",
        help: {
          usage: "<review id> --reason TEXT",
          about: "gone from the Winners page and the product's auctions; the reason is",
          more: ["kept with it and in the audit log"],
        },
        options: { reason: { type: "string" } },
        prepare: ({ args, values, print }) => {
          const reviewId = integer(args[0], "The review id", 1);
          const reason = text(values, "reason")?.trim();
          if (!reason) throw new UsageError("Say why with --reason; it is kept with the review and in the audit log.");
          return async (backend) => {
            const r = await backend.hideReview(reviewId, reason);
            print(r, [`Hid review ${r.id} by ${r.reviewerEmail} of auction ${r.auctionId}: ${r.hiddenReason ?? ""}`]);
          };
        },
      },
    ],
  },
  {
    heading: "Users and wallets",
    commands: [
      {
        name: "users list",
        help: { usage: "[--search TEXT] [--demo | --real] [--limit N]" },
        options: { search: { type: "string" }, demo: { type: "boolean" }, real: { type: "boolean" }, ...LIMIT },
        prepare: ({ values, print }) => {
          if (values.demo && values.real) throw new UsageError("Give --demo or --real, not both.");
          const limit = limitOption(values);
          const filter = { search: text(values, "search"), isDemo: values.demo ? true : values.real ? false : undefined, limit };
          return async (backend) => {
            const items = await backend.listUsers(filter);
            print(items, userRows(items));
          };
        },
      },
      {
        name: "users show",
        help: { usage: "<user>", about: "a user (id, e-mail or display name), balance, last transactions" },
        prepare: (input) => {
          const user = userRef(input);
          return async (backend) => {
            const u = await backend.user(user);
            input.print(u, [
              ...userRows([u]),
              `Id ${u.id}, signed up ${time(u.createdAt)}${u.isDemo ? "; demo data (seeded)" : ""}`,
              `Transactions (latest ${u.transactions.length}):`,
              ...u.transactions.map(
                (t) => `  ${time(t.createdAt)}  ${t.type.padEnd(17)} ${(t.amount >= 0 ? "+" : "") + t.amount.toFixed(2)}  ${t.description}`,
              ),
            ]);
          };
        },
      },
      {
        name: "users set-role",
        help: { usage: "<user> bidder|operator" },
        options: YES,
        prepare: (input) => {
          const user = userRef(input);
          const role = input.args[1];
          if (role !== "bidder" && role !== "operator") throw new UsageError("The role is bidder or operator.");
          return async (backend) => {
            const target = await touching(input, backend, user, `Make ${role === "operator" ? "an operator" : "a bidder"} of`);
            const u = await backend.setRole(target.id, role);
            input.print(u, [`${u.email} is now ${u.role === "operator" ? "an operator" : "a bidder"}.`]);
          };
        },
      },
      walletChange("credit"),
      walletChange("debit"),
    ],
    notes: [
      "<user> is an id, an e-mail (matched against e-mails only) or a display",
      "name (against names only); a change first shows whom it will touch",
      "(e-mail and id) and asks, or goes ahead with --yes",
    ],
  },
  {
    heading: "Backups of the embedded database (PostgreSQL: pg_dump, see docs/operations/backups.md)",
    commands: [
      {
        name: "backup",
        help: { usage: "<file>", about: "a consistent copy while the server runs and bids go on (.tar.gz)" },
        opens: "backup",
        prepare: (input) => {
          const to = path.resolve(oneFile(input));
          return async (backend) => {
            const started = performance.now();
            const archive = await backend.backup();
            try {
              writeWhole(to, archive);
            } catch (error) {
              throw new OpsError(`cannot write ${to}: ${error instanceof Error ? error.message : String(error)}`);
            }
            const seconds = ((performance.now() - started) / 1000).toFixed(1);
            input.print({ file: to, bytes: archive.length }, [
              `Backed up the embedded database to ${to} (${(archive.length / 1_048_576).toFixed(1)} MiB, ${seconds} s).`,
            ]);
          };
        },
      },
      {
        name: "restore",
        help: { usage: "<file>", about: "into a new, empty data directory (DATA_DIR), never over one in use" },
        opens: "nothing",
        run: async (input) => {
          const from = oneFile(input);
          if (!input.local) throw new OpsError("restore runs only from the command line.");
          const r = await input.local.restore(from);
          input.print(r, [
            `Restored ${from} into ${r.dataDir}: ${r.users} users, ${r.auctions} auctions, ${r.bids} bids (last migration ${r.lastMigration}).`,
            `Start the server with DATA_DIR=${r.dataDir}. Push subscriptions need the old VAPID keys: set VAPID_PUBLIC_KEY and`,
            "VAPID_PRIVATE_KEY, or copy vapid-keys.json (and session-secret) from the old data directory into it before it starts.",
          ]);
        },
      },
    ],
  },
];

const COMMANDS = SECTIONS.flatMap((section) => section.commands);

/** Every option any command takes, and --json and --help, which all take: parsing is strict against these. */
const OPTIONS: Options = Object.assign(
  { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  ...COMMANDS.map((command) => command.options ?? {}),
);

const atNoteColumn = (left: string, note: string) =>
  left.length < NOTE_COLUMN ? left.padEnd(NOTE_COLUMN) + note : `${left}\n${" ".repeat(NOTE_COLUMN)}${note}`;

function helpLines({ name, help }: Command): string[] {
  const usage = `  ${name} ${help.usage}`.trimEnd();
  return [
    help.about === undefined ? usage : atNoteColumn(usage, help.about),
    ...(help.more ?? []).map((line) =>
      typeof line === "string"
        ? " ".repeat(NOTE_COLUMN) + line
        : line[1] === undefined
          ? `        ${line[0]}`
          : atNoteColumn(`        ${line[0]}`, line[1]),
    ),
  ];
}

export const HELP = [
  "Pennybid operator CLI",
  "Usage: npm run ops -- <command> [arguments] [--json]",
  ...SECTIONS.map((section) =>
    [section.heading, ...section.commands.flatMap(helpLines), ...(section.notes ?? []).map((note) => " ".repeat(NOTE_COLUMN) + note)].join(
      "\n",
    ),
  ),
  "Commands go to the server running on this data directory (DATA_DIR, default ./data) when there is one, so open\n" +
    "pages follow every change live; otherwise straight to the database (DATABASE_URL, or the embedded one).",
].join("\n\n");

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
    const [group, subcommand] = positionals;
    if (values.help || !group || group === "help") {
      output.out(HELP);
      return group || values.help ? 0 : 2;
    }
    // A command is one word (backup, restore) or two (auctions list).
    const isOneWord = COMMANDS.some((c) => c.name === group);
    const name = isOneWord ? group : `${group} ${subcommand ?? ""}`.trim();
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) throw new UsageError(`Unknown command "${name}". Run \`npm run ops -- help\` for the list.`);
    const print = (json: unknown, lines: string[]) =>
      values.json ? output.out(JSON.stringify(json, null, 2)) : lines.forEach((line) => output.out(line));
    const input: Input = { name, values, args: positionals.slice(isOneWord ? 1 : 2), output, local, print };

    if (command.opens === "nothing") {
      await command.run(input);
      return 0;
    }
    const work = await command.prepare(input);
    opened = await connect(command.opens ?? "command");
    if (!values.json) output.err(`Using ${opened.describe}.`);
    await work(opened);
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
