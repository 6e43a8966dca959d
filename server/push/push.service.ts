// Web Push (decision 035): subscriptions and switches, the notices (who is told what, decided once by the database),
// the outbox of messages and its delivery. A notice becomes one outbox row per subscribed browser of its user, in the
// user's language, unless that kind is switched off or the user has a visible page (the in-app toast covers that).
// Delivery follows the commit and never fails it: errors are logged and retried; 404/410 removes the subscription.
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import {
  pushKinds,
  switchOf,
  type Language,
  type PushKind,
  type PushMessage,
  type PushSubscriptionBody,
  type PushSwitches,
} from "../../contract";
import { titleFor } from "../auction-texts";
import type { VapidKeys } from "../config";
import type { Database, Queryable } from "../db/database";
import { translatorFor } from "../i18n";
import { actionMail, type Mailer } from "../mail/mailer";
import { rooms } from "../realtime/rooms";
import { Refusal } from "../refusal";
import type { RealtimeServer } from "../realtime/socket";

export type Notice = { userId: string; kind: PushKind; auctionId: number };

/** "About to end": the first time a favourite's remaining time is under this, its followers hear once. */
export const ENDING_SOON_MINUTES = 5;
/** An outbid push per auction and bidder at most this often: a penny auction changes hands every few seconds. */
export const OUTBID_QUIET_SECONDS = 60;
/** Attempts before an undeliverable message is dropped (the push service kept failing, not saying "gone"). */
export const MAX_ATTEMPTS = 5;

const ALL_ON: PushSwitches = { outbid: true, favourites: true, won: true, sent: true };

// Settings and subscriptions

export async function pushSettingsOf(db: Queryable, userId: string): Promise<{ switches: PushSwitches; endpoints: string[] }> {
  const [switches] = await db.query<PushSwitches>("select outbid, favourites, won, sent from push_settings where user_id = $1", [userId]);
  const endpoints = await db.query<{ endpoint: string }>("select endpoint from push_subscriptions where user_id = $1 order by id", [
    userId,
  ]);
  return { switches: switches ?? ALL_ON, endpoints: endpoints.map((row) => row.endpoint) };
}

export async function setPushSwitches(db: Queryable, userId: string, switches: PushSwitches): Promise<void> {
  await db.query(
    `insert into push_settings (user_id, outbid, favourites, won, sent) values ($1, $2, $3, $4, $5)
     on conflict (user_id) do update set outbid = excluded.outbid, favourites = excluded.favourites, won = excluded.won, sent = excluded.sent`,
    [userId, switches.outbid, switches.favourites, switches.won, switches.sent],
  );
}

/**
 * Stores the browser's subscription for the user, tied to the session it came in (it ends with it). An endpoint the
 * user has already stored takes the new keys and session; one stored by someone else stays theirs until they remove
 * it or their session ends (a sign-in on that browser ends the one before): anyone who has learnt an endpoint could
 * otherwise take another user's notices over.
 */
export async function subscribe(
  db: Queryable,
  session: { userId: string; idHash: string },
  subscription: PushSubscriptionBody,
): Promise<void> {
  // A rotated subscription: the old endpoint goes, if it is this user's (another user's is left alone, as in unsubscribe).
  if (subscription.replaces !== undefined && subscription.replaces !== subscription.endpoint)
    await unsubscribe(db, session.userId, subscription.replaces);
  const stored = await db.query(
    `insert into push_subscriptions (user_id, session_id_hash, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)
     on conflict (endpoint) do update set session_id_hash = excluded.session_id_hash,
       p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
     where push_subscriptions.user_id = excluded.user_id
     returning id`,
    [session.userId, session.idHash, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
  );
  if (stored.length === 0) throw new Refusal("CONFLICT", "This browser's notifications belong to another account.");
}

/** Removes the user's subscription with this endpoint (another user's is left alone); repeats change nothing. */
export async function unsubscribe(db: Queryable, userId: string, endpoint: string): Promise<void> {
  await db.query("delete from push_subscriptions where user_id = $1 and endpoint = $2", [userId, endpoint]);
}

// The messages

type NoticeRow = {
  subscription_id: number;
  user_id: string;
  language: Language;
  kind: PushKind;
  auction_id: number;
  title: string;
  price_cents: number;
  final_price_cents: number | null;
  deadline_at: Date | null;
  /** Whether the auction's item is the user's by Buy it now (a "sent" notice then points to the auction's page). */
  bought: boolean;
  /** A seat auction's seats taken and minimum (a `seatsShort` notice names them). */
  seats_taken: number;
  min_seats: number | null;
};

const euro = (language: Language, cents: number) =>
  new Intl.NumberFormat(language, { style: "currency", currency: "EUR" }).format(cents / 100);
/** Riga's time: the site and its deliveries are in Latvia (SPEC.md). */
export const deadlineText = (language: Language, at: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Riga" }).format(at);
export const wonPath = (auctionId: number) => `/auctions/won#won-${auctionId}`;

/** What each kind of notice is about, and so where it opens (a "sent" one of a Buy it now purchase aside). */
const aboutKind = {
  won: "won",
  sent: "won",
  outbid: "auction",
  favouriteStarted: "auction",
  favouriteEnding: "auction",
  seatsShort: "auction",
} as const satisfies Record<PushKind, "won" | "auction">;

export function pushMessage(row: Omit<NoticeRow, "subscription_id" | "user_id">): PushMessage {
  const t = translatorFor(row.language);
  const values = {
    title: row.title,
    price: euro(row.language, row.final_price_cents ?? row.price_cents),
    deadline: row.deadline_at ? deadlineText(row.language, row.deadline_at) : "",
    minutes: String(ENDING_SOON_MINUTES),
    taken: row.seats_taken,
    count: row.min_seats ?? 0,
  };
  // A seat auction's texts are in their own object of the locales (decision 102).
  const texts = row.kind === "seatsShort" ? "seats.push" : `push.messages.${row.kind}`;
  // A won item's news opens the won page at its card; a bought one's, the auction page at its purchase (decision 038).
  const about = row.kind === "sent" && row.bought ? "bought" : aboutKind[row.kind];
  const urls = { won: wonPath(row.auction_id), bought: `/auctions/${row.auction_id}#buy-now`, auction: `/auctions/${row.auction_id}` };
  return {
    kind: row.kind,
    title: t(`${texts}.title`, values),
    body: t(`${texts}.body`, values),
    url: urls[about],
    tag: `${about}-${row.auction_id}`,
    auctionId: row.auction_id,
  };
}

/** SQL: whether notice `n`'s kind is switched on for its user (`p`, their settings row, if any; none means all on). */
const switchedOn = `coalesce(case n.kind ${pushKinds.flatMap((kind) => (switchOf[kind] ? [`when '${kind}' then p.${switchOf[kind]}`] : [])).join(" ")} end, true)`;

export type PushOptions = {
  db: Database;
  io: RealtimeServer;
  vapid: VapidKeys;
  /** The VAPID subject: the site's https origin, else a contact address. */
  subject: string;
  log: Pick<FastifyBaseLogger, "error" | "warn" | "info">;
  mailer: Mailer;
  /** Where mailed links point (PUBLIC_ORIGIN or this server's address). */
  origin: () => string;
};

export type Push = {
  /** Turns notices into outbox rows and delivers them; never rejects. */
  notify(notices: Notice[]): Promise<void>;
  /** Outbid pushes for the bids that took the lead (at most one per auction and bidder a minute); never rejects. */
  outbid(bids: { auctionId: number; bidderId: string; outbidUserId: string | null; outbidHasPush: boolean }[]): Promise<void>;
  /** The notices time and state bring (favourites starting and ending, wins with their e-mail, items sent). */
  scan(now: Date): Promise<void>;
  /** Sends what is due in the outbox; resolves when it is empty of due rows. Never rejects. */
  drain(): Promise<void>;
  /** The e-mail to each bidder whose auto-bid a switch to manual bids only removed (decision 111); never rejects. */
  autoBidsRemoved(notice: { auctionId: number; userIds: string[] }): Promise<void>;
};

export function createPush(options: PushOptions): Push {
  const { db, io, log } = options;
  const vapidDetails = { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey };

  const hasVisiblePage = async (userId: string) => (await io.in(rooms.visible(userId)).fetchSockets()).length > 0;

  async function enqueue(notices: Notice[]): Promise<number> {
    if (notices.length === 0) return 0;
    const rows = await db.query<NoticeRow>(
      `select s.id as subscription_id, s.user_id, u.language, n.kind, n.auction_id, ${titleFor("u.language")} as title,
              a.price_cents, f.price_cents as final_price_cents, f.deadline_at,
              exists (select 1 from buy_now_purchases b where b.auction_id = a.id and b.user_id = n.user_id) as bought,
              a.seats_taken, a.min_seats
         from unnest($1::uuid[], $2::text[], $3::bigint[]) as n (user_id, kind, auction_id)
         join push_subscriptions s on s.user_id = n.user_id
         join users u on u.id = n.user_id
         join auctions a on a.id = n.auction_id
         left join fulfilments f on f.auction_id = a.id
         left join push_settings p on p.user_id = n.user_id
        where ${switchedOn}
        order by s.id`,
      [notices.map((n) => n.userId), notices.map((n) => n.kind), notices.map((n) => n.auctionId)],
    );
    const visible = new Map<string, boolean>();
    for (const userId of new Set(rows.map((row) => row.user_id))) visible.set(userId, await hasVisiblePage(userId));
    let queued = 0;
    for (const row of rows) {
      if (visible.get(row.user_id)) continue;
      await db.query("insert into push_outbox (subscription_id, user_id, payload) values ($1, $2, $3)", [
        row.subscription_id,
        row.user_id,
        JSON.stringify(pushMessage(row)),
      ]);
      queued += 1;
    }
    return queued;
  }

  type Claimed = {
    id: number;
    payload: PushMessage;
    subscription_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    attempts: number;
  };

  /** The push service's answer to one message: web-push encrypts and signs it, fetch carries it (over http too). */
  async function post(message: Claimed): Promise<number> {
    const request = webpush.generateRequestDetails(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      JSON.stringify(message.payload),
      { vapidDetails, TTL: 3600, urgency: message.payload.kind === "outbid" ? "high" : "normal" },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body === null ? null : new Uint8Array(request.body),
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  }

  async function deliver(message: Claimed): Promise<void> {
    let status: number | undefined;
    let failure: unknown;
    try {
      status = await post(message);
    } catch (error) {
      failure = error;
    }
    if (status !== undefined && status >= 200 && status < 300) {
      await db.query("delete from push_outbox where id = $1", [message.id]);
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never take a message again.
      await db.query("delete from push_subscriptions where id = $1", [message.subscription_id]);
      log.info({ subscriptionId: message.subscription_id, status }, "push subscription gone; removed");
    } else if (message.attempts >= MAX_ATTEMPTS) {
      await db.query("delete from push_outbox where id = $1", [message.id]);
      log.warn({ err: failure, status, outboxId: message.id }, "push message undeliverable; dropped");
    } else {
      const error = failure === undefined ? `HTTP ${status}` : String(failure);
      await db.query("update push_outbox set last_error = $2 where id = $1", [message.id, error.slice(0, 500)]);
      log.warn({ err: failure, status, outboxId: message.id }, "push delivery failed; will retry");
    }
  }

  async function drainOnce(): Promise<number> {
    // Claimed rows are pushed back by a growing pause first: a process that dies mid-delivery leaves them due later.
    const claimed = await db.query<Claimed>(
      `update push_outbox o set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => 30 * power(2, o.attempts))
         from push_subscriptions s
        where s.id = o.subscription_id
          and o.id in (select id from push_outbox where next_attempt_at <= now() order by id limit 50 for update skip locked)
        returning o.id, o.payload, s.id as subscription_id, s.endpoint, s.p256dh, s.auth, o.attempts`,
    );
    await Promise.all(claimed.map(deliver));
    return claimed.length;
  }

  let draining: Promise<void> | null = null;
  let again = false;
  const drain = (): Promise<void> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          while ((await drainOnce()) > 0);
        } while (again);
      } catch (error) {
        log.error({ err: error }, "push delivery failed; the outbox keeps the messages");
      } finally {
        draining = null;
      }
    })();
    return draining;
  };

  const notify = async (notices: Notice[]) => {
    try {
      if ((await enqueue(notices)) > 0) await drain();
    } catch (error) {
      log.error({ err: error, notices }, "queueing pushes failed");
    }
  };

  /** Sends each row's e-mail: one that fails is logged with `failure` and the others still go. */
  async function mailEach<Row extends { auction_id: number }>(
    rows: Row[],
    failure: string,
    mailOf: (row: Row) => Parameters<typeof options.mailer.send>[1],
  ) {
    for (const row of rows) {
      try {
        await options.mailer.send(db, mailOf(row));
      } catch (error) {
        log.error({ err: error, auctionId: row.auction_id }, failure);
      }
    }
  }

  async function mailWins(wins: { user_id: string; auction_id: number }[]): Promise<void> {
    if (wins.length === 0) return;
    const rows = await db.query<{
      auction_id: number;
      email: string;
      display_name: string;
      language: Language;
      title: string;
      price_cents: number;
      deadline_at: Date;
    }>(
      `select f.auction_id, u.email, u.display_name, u.language, ${titleFor("u.language")} as title, f.price_cents, f.deadline_at
         from fulfilments f join users u on u.id = f.user_id join auctions a on a.id = f.auction_id
        where f.auction_id = any($1::bigint[])`,
      [wins.map((win) => win.auction_id)],
    );
    await mailEach(rows, "the win e-mail failed", (row) =>
      actionMail({
        to: row.email,
        language: row.language,
        kind: "won",
        name: row.display_name,
        link: `${options.origin()}${wonPath(row.auction_id)}`,
        values: { title: row.title, price: euro(row.language, row.price_cents), deadline: deadlineText(row.language, row.deadline_at) },
      }),
    );
  }

  /** The e-mail to each bidder of a seat auction canceled for too few seats: its entry fee is back (decision 102). */
  async function mailSeatsShort(notices: { user_id: string; auction_id: number }[]): Promise<void> {
    if (notices.length === 0) return;
    const rows = await db.query<{
      auction_id: number;
      email: string;
      display_name: string;
      language: Language;
      title: string;
      seats_taken: number;
      min_seats: number;
    }>(
      `select a.id as auction_id, u.email, u.display_name, u.language, ${titleFor("u.language")} as title, a.seats_taken, a.min_seats
         from unnest($1::uuid[], $2::bigint[]) as n (user_id, auction_id)
         join users u on u.id = n.user_id join auctions a on a.id = n.auction_id
        where u.deleted_at is null`,
      [notices.map((notice) => notice.user_id), notices.map((notice) => notice.auction_id)],
    );
    await mailEach(rows, "the canceled seat auction's e-mail failed", (row) =>
      actionMail({
        to: row.email,
        language: row.language,
        kind: "seatsShort",
        name: row.display_name,
        link: `${options.origin()}/wallet`,
        values: { title: row.title, taken: row.seats_taken, count: row.min_seats },
      }),
    );
  }

  /** Inserts notices the statement selects (user_id, auction_id); those the table already holds are skipped. */
  const claim = async (kind: PushKind, select: string, params: unknown[]) =>
    db.query<{ user_id: string; auction_id: number }>(
      `insert into push_notices (user_id, auction_id, kind) select user_id, auction_id, '${kind}' from (${select}) as due
       on conflict do nothing returning user_id, auction_id`,
      params,
    );

  return {
    notify,
    drain,
    async autoBidsRemoved({ auctionId, userIds }) {
      if (userIds.length === 0) return;
      try {
        const rows = await db.query<{ auction_id: number; email: string; display_name: string; language: Language; title: string }>(
          `select a.id as auction_id, u.email, u.display_name, u.language, ${titleFor("u.language")} as title
             from users u join auctions a on a.id = $1
            where u.id = any($2::uuid[]) and u.deleted_at is null`,
          [auctionId, userIds],
        );
        await mailEach(rows, "the removed auto-bid's e-mail failed", (row) =>
          actionMail({
            to: row.email,
            language: row.language,
            kind: "autoBidRemoved",
            name: row.display_name,
            link: `${options.origin()}/auctions/${row.auction_id}`,
            values: { title: row.title },
          }),
        );
      } catch (error) {
        log.error({ err: error, auctionId }, "the removed auto-bids' e-mails failed");
      }
    },
    async outbid(bids) {
      const outbid = bids.filter((bid) => bid.outbidHasPush && bid.outbidUserId !== null && bid.outbidUserId !== bid.bidderId);
      if (outbid.length === 0) return;
      try {
        const claimed = await db.query<{ user_id: string; auction_id: number }>(
          `insert into push_notices (user_id, auction_id, kind)
           select n.user_id, n.auction_id, 'outbid' from unnest($1::uuid[], $2::bigint[]) as n (user_id, auction_id)
            where exists (select 1 from push_subscriptions s where s.user_id = n.user_id)
           on conflict (user_id, auction_id, kind) do update set noticed_at = now()
            where push_notices.noticed_at <= now() - make_interval(secs => ${OUTBID_QUIET_SECONDS})
           returning user_id, auction_id`,
          [outbid.map((bid) => bid.outbidUserId), outbid.map((bid) => bid.auctionId)],
        );
        await notify(claimed.map((row) => ({ userId: row.user_id, auctionId: row.auction_id, kind: "outbid" as const })));
      } catch (error) {
        log.error({ err: error }, "outbid pushes failed");
      }
    },
    async scan(now) {
      try {
        const started = await claim(
          "favouriteStarted",
          `select f.user_id, a.id as auction_id from favourites f join auctions a on a.id = f.auction_id
            where a.status = 'Running' and a.starts_at > $1::timestamptz - interval '10 minutes'`,
          [now],
        );
        const ending = await claim(
          "favouriteEnding",
          `select f.user_id, a.id as auction_id from favourites f join auctions a on a.id = f.auction_id
            where a.status = 'Running' and a.ends_at > $1::timestamptz
              and least(a.ends_at, coalesce(a.hard_ends_at, a.ends_at)) <= $1::timestamptz + make_interval(mins => ${ENDING_SOON_MINUTES})`,
          [now],
        );
        const won = await claim(
          "won",
          `select f.user_id, f.auction_id from fulfilments f join auctions a on a.id = f.auction_id
            where a.ended_at > $1::timestamptz - interval '1 hour'`,
          [now],
        );
        const sent = await claim(
          "sent",
          // A won item and a bought one (one per user and auction: a winner cannot buy it now) alike.
          `select user_id, auction_id from fulfilments where in_delivery_at > $1::timestamptz - interval '1 hour'
           union all
           select user_id, auction_id from buy_now_purchases where in_delivery_at > $1::timestamptz - interval '1 hour'`,
          [now],
        );
        const seatsShort = await claim(
          "seatsShort",
          `select e.user_id, a.id as auction_id from enrolments e join auctions a on a.id = e.auction_id
            where a.seats_short_at > $1::timestamptz - interval '1 hour'`,
          [now],
        );
        await mailWins(won);
        await mailSeatsShort(seatsShort);
        const notices = (kind: PushKind, rows: { user_id: string; auction_id: number }[]) =>
          rows.map((row) => ({ userId: row.user_id, auctionId: row.auction_id, kind }));
        await notify([
          ...notices("favouriteStarted", started),
          ...notices("favouriteEnding", ending),
          ...notices("won", won),
          ...notices("sent", sent),
          ...notices("seatsShort", seatsShort),
        ]);
      } catch (error) {
        log.error({ err: error }, "the push notice scan failed");
      }
    },
  };
}
