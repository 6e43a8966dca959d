// Assembles the server from its plugins. Never listens: server/index.ts does, and tests use inject or a port.
import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { accountsRoutes } from "./accounts/accounts.routes";
import { personalDataRoutes } from "./accounts/personal-data.routes";
import { deviceCookies } from "./accounts/device-cookie";
import { pruneRateLimitEvents } from "./accounts/rate-limit";
import { sessionsPlugin } from "./accounts/sessions";
import { endSocketsOfEndedSessions, socketSessions } from "./accounts/socket-sessions";
import { createAuctionCommands } from "./auctions/auction-commands";
import { auctionHandlers } from "./auctions/auction.handlers";
import { auctionsFeed } from "./auctions/auctions.feed";
import { auctionsRoutes } from "./auctions/auctions.routes";
import { startLifecycle } from "./auctions/lifecycle";
import { linkOrigin, type AppConfig } from "./config";
import type { Database } from "./db/database";
import { startBackups } from "./db/backup";
import { startUpkeep } from "./db/upkeep";
import { createDomainEvents, type DomainEvents } from "./events/domain-events";
import { healthRoutes } from "./health/health.routes";
import { devToolsOfferPlugin } from "./http/dev-tools.plugin";
import { compressionPlugin } from "./http/compression.plugin";
import { answerClientError, answerFrameworkError, registerErrorHandling } from "./http/errors";
import { acceptOnlyUtf8Json } from "./http/json-body";
import { securityPlugin, type CsrfMode } from "./http/security.plugin";
import { loggerOptions } from "./http/logger";
import { spaPlugin } from "./http/spa.plugin";
import { firstScreenFor } from "./auctions/first-screen";
import { cachedUsualCost } from "./auctions/usual-cost.queries";
import { createAddressProvider } from "./fulfilment/addresses";
import { startExpiryJob } from "./fulfilment/expiry";
import { buyNowFeed } from "./buy-now/buy-now.feed";
import { buyNowRoutes } from "./buy-now/buy-now.routes";
import { fulfilmentFeed } from "./fulfilment/fulfilment.feed";
import { fulfilmentRoutes } from "./fulfilment/fulfilment.routes";
import { createMailer, type Mailer } from "./mail/mailer";
import { mailboxRoutes } from "./mail/mailbox.routes";
import { operatorRoutes } from "./operator/operator.routes";
import { startHeartbeat } from "./operator/system";
import { paymentsRoutes } from "./payments/payments.routes";
import { promoCodeRoutes } from "./promo-codes/promo-codes.routes";
import { pushRoutes, startPush, type Push } from "./push";
import { refundProviderFor, type StripeCheckoutSessions, type StripeRefunds } from "./payments/providers";
import { createLiveFeed } from "./realtime/feed";
import type { BudgetSettings } from "./realtime/command-budget";
import { attachRedisAdapter } from "./realtime/redis-adapter";
import { createRealtimeServer, sessionSockets, SocketTraffic, type RealtimeServer } from "./realtime/socket";
import { databasePoolWaiters, httpRequestSeconds, openSockets } from "./metrics/metrics";
import { metricsRoutes } from "./health/metrics.routes";
import { realityCheckRoutes } from "./reality-check/reality-check.routes";
import { reviewsRoutes } from "./reviews";
import { toursRoutes } from "./tours/tours.routes";
import { walletFeed } from "./wallet/wallet.feed";
import { walletRoutes } from "./wallet/wallet.routes";
import { withdrawalNotices } from "./wallet/withdrawal-notices";
import { withdrawalsRoutes } from "./wallet/withdrawals.routes";

/** How long a draining process waits for its sockets' commands in flight to be answered, at most. */
export const DRAIN_GRACE_MS = 5_000;

/** One method of one route, as registered: what tests walk to prove every route is guarded and validated. */
export type RouteSummary = { method: string; url: string; csrf: CsrfMode; schema: FastifySchema | undefined };

export type App = {
  http: FastifyInstance;
  io: RealtimeServer;
  /** What the domains publish once a change is committed (decision 105). */
  events: DomainEvents;
  push: Push;
  routes: RouteSummary[];
  /**
   * Turns the process unready and takes no new socket, waits (up to `graceMs`) for the socket commands in flight to be
   * answered, then ends its sockets so that their pages reconnect to another process (decision 087). Closing `http`
   * afterwards lets the HTTP requests in flight finish.
   */
  drain(graceMs?: number): Promise<void>;
  /** Whether the process drains, and its socket commands in flight. */
  traffic: SocketTraffic;
};

export type BuildOptions = {
  config: AppConfig;
  db: Database;
  mailer?: Mailer;
  /** The server's clock (tests may move it); every time the engine uses comes from here. */
  clock?: () => Date;
  /** Whether this app drives auction starts and ends (on by default). */
  runsLifecycle?: boolean;
  /** Stripe's checkout API, replaced in tests (the edge of the outside world). */
  stripeSessions?: StripeCheckoutSessions;
  /** Stripe's refunds API, replaced in tests likewise. */
  stripeRefunds?: StripeRefunds;
  /** How many commands a socket's owner may send (decision 078); the product's numbers unless a test needs others. */
  commandBudget?: BudgetSettings;
};

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const mailer = options.mailer ?? createMailer(config.smtpUrl);
  const http = Fastify({
    logger: loggerOptions(config),
    bodyLimit: 64 * 1024,
    // Behind N reverse proxies, the client's IP is the Nth address from the right of X-Forwarded-For.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    forceCloseConnections: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(http);
  acceptOnlyUtf8Json(http);
  const routes: RouteSummary[] = [];
  http.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, csrf: route.config?.csrf ?? "api", schema: route.schema });
    }
  });

  // Every answer's time, by the route it matched (not its URL: ids would make a label per auction).
  http.addHook("onResponse", async (request, reply) => {
    httpRequestSeconds.observe(
      { method: request.method, route: request.routeOptions.url ?? "(unmatched)", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const traffic = new SocketTraffic();
  const sessions = socketSessions(db, config);
  const io = createRealtimeServer(http.server, {
    traffic,
    allowedOrigin: config.publicOrigin,
    isProduction: config.isProduction,
    sessions,
    ...(options.commandBudget ? { commandBudget: options.commandBudget } : {}),
  });
  // With REDIS_URL several processes share the feed; without it, socket.io's in-memory adapter (one process).
  // Back from an outage of Redis: sessions ended meanwhile on other processes end their sockets here too.
  const endSocketsOfEnded = () => {
    endSocketsOfEndedSessions(io, db).then(
      (count) => count > 0 && http.log.info({ count }, "ended the sockets of sessions that ended while Redis was away"),
      (error: unknown) => http.log.warn({ err: error }, "could not check the sockets' sessions after Redis came back"),
    );
  };
  const redis = config.redisUrl
    ? await attachRedisAdapter(io, {
        url: config.redisUrl,
        db,
        log: http.log,
        ...(config.redisPubSub ? { pubSub: config.redisPubSub } : {}),
        onRecovered: endSocketsOfEnded,
      })
    : undefined;
  const origin = () => linkOrigin(config, http.server.address());
  // Each domain publishes its events; each domain's part of the live feed sends what followed (decision 105).
  const events = createDomainEvents(http.log);
  const live = createLiveFeed(io);
  auctionsFeed({ events, live, db });
  fulfilmentFeed({ events, live, db });
  buyNowFeed({ events, live, db });
  walletFeed({ events, live, db });
  // Web Push and the win e-mail (decision 035); the scan and the outbox retries run where the lifecycle runs.
  const push = startPush({
    db,
    io,
    events,
    vapid: config.vapid,
    subject: config.publicOrigin?.startsWith("https://") ? config.publicOrigin : "mailto:no-reply@pennybid.lv",
    log: http.log,
    mailer,
    origin,
    clock,
    runsJob: options.runsLifecycle !== false,
  });
  const commands = createAuctionCommands(db, clock, events, config.winLimits);
  auctionHandlers(io, { db, sessions, commands, log: http.log });

  await http.register(securityPlugin, { config });
  // Before the routes: it compresses the answers of each route registered after it.
  await http.register(compressionPlugin);
  await http.register(healthRoutes, { db, isDraining: () => traffic.isDraining, ...(redis ? { isRedisUp: redis.isUp } : {}) });
  await http.register(metricsRoutes, { token: config.metricsToken });
  await http.register(sessionsPlugin, { config, db });
  // Outside production, every answer tells the SPA it may offer the dev panel to a tester who asks (decision 080).
  await http.register(devToolsOfferPlugin, { isOffered: !config.isProduction });
  const sockets = sessionSockets(io, http.log);
  await http.register(accountsRoutes, {
    db,
    mailer,
    origin,
    sockets,
    devices: deviceCookies(config.sessionSecret),
    isSecure: config.isProduction,
    minAge: config.minAge,
  });
  await http.register(personalDataRoutes, { db, sockets, minAge: config.minAge });
  await http.register(walletRoutes, { db, clock });
  await http.register(pushRoutes, { db, publicKey: config.vapid.publicKey, allowsLoopback: config.pushAllowsLoopback });
  await http.register(toursRoutes, { db });
  await http.register(realityCheckRoutes, { db });
  // One keeper of the products' usual costs: the route and the auction page's first screen ask the same.
  const usualCost = cachedUsualCost(db, clock);
  await http.register(auctionsRoutes, { db, commands, winLimits: config.winLimits, usualCost });
  const notices = withdrawalNotices({
    db,
    events,
    mailer,
    origin,
    log: (error) => http.log.error({ err: error }, "a withdrawal's mail failed"),
  });
  await http.register(paymentsRoutes, {
    config,
    db,
    events,
    clock,
    origin,
    notices,
    ...(options.stripeSessions ? { stripeSessions: options.stripeSessions } : {}),
  });
  await http.register(withdrawalsRoutes, { config, db, clock, origin, notices, refunds: refundProviderFor(config, options.stripeRefunds) });
  // What this process tells the back office's System page of itself, every few seconds (decision 089).
  const heartbeat = startHeartbeat({
    db,
    sockets: () => io.engine.clientsCount,
    isDraining: () => traffic.isDraining,
    redis: () => (redis ? (redis.isUp() ? "ok" : "unavailable") : "off"),
  });
  await http.register(operatorRoutes, { db, events, sockets, clock, sessionSecret: config.sessionSecret, heartbeat });
  await http.register(fulfilmentRoutes, {
    db,
    events,
    clock,
    addresses: createAddressProvider(config.addressProviderUrl, http.log),
    sessionSecret: config.sessionSecret,
  });
  await http.register(buyNowRoutes, { db, events, clock, sessionSecret: config.sessionSecret });
  await http.register(reviewsRoutes, { db, clock, sessionSecret: config.sessionSecret });
  await http.register(promoCodeRoutes, { db, clock, sessionSecret: config.sessionSecret });
  if (!config.isProduction) {
    await http.register(mailboxRoutes, { db });
  }
  await http.register(spaPlugin, {
    staticDir: config.staticDir,
    firstScreen: (pathname, language) => firstScreenFor(db, pathname, language, usualCost),
  });

  const lifecycle =
    options.runsLifecycle === false
      ? undefined
      : startLifecycle({
          db,
          clock,
          log: http.log,
          onTransitions: (transitions) => {
            void events.publish("auctions:changed", { auctionIds: transitions.map((t) => t.auctionId) });
            // A seat auction canceled at its start gave its bidders their entry fees back (decision 102).
            for (const t of transitions)
              if (t.status === "Canceled") for (const userId of t.refundedUserIds) void events.publish("wallet:changed", { userId });
          },
          onTick: () => commands.runAutoBids(),
        });
  // Unpaid won auctions past their payment window expire, by the same clock, on the processes that run the lifecycle.
  const expiry =
    options.runsLifecycle === false
      ? undefined
      : startExpiryJob({ db, clock, log: http.log, onExpired: (auctionIds) => void events.publish("auctions:changed", { auctionIds }) });
  // PGlite has no autovacuum: the process keeps its tables vacuumed and measured (decision 051).
  const upkeep = startUpkeep({ db, log: http.log });
  // BACKUP_EVERY: the embedded database's scheduled backups (decision 088).
  const backups = config.backups ? startBackups({ db, log: http.log, ...config.backups }) : undefined;
  // Old rate-limit events are useless; drop them hourly so the table stays small.
  const pruning = setInterval(() => void pruneRateLimitEvents(db).catch(() => undefined), 3_600_000);
  pruning.unref();
  const unwatch = [openSockets.watch(() => io.engine.clientsCount), databasePoolWaiters.watch(() => db.waiting?.() ?? 0)];
  http.addHook("onClose", async () => {
    unwatch.forEach((stop) => stop());
    await heartbeat.stop();
    clearInterval(pruning);
    await lifecycle?.stop();
    await expiry?.stop();
    await upkeep.stop();
    await backups?.stop();
    await push.stop();
    await io.close();
    await redis?.close();
  });
  await http.ready();
  const drain = async (graceMs = DRAIN_GRACE_MS) => {
    traffic.isDraining = true;
    await traffic.idle(graceMs);
    io.local.disconnectSockets(true);
  };
  return { http, io, events, push, routes, drain, traffic };
}
