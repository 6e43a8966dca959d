// The ops CLI works through one of two backends with the same shape: the running server's operator API (when a
// server runs on this data directory, so every change reaches open pages live and the embedded database is never
// opened twice), or the database directly (when no server runs).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type {
  BuyNowSettings,
  BuyNowSettingsBody,
  CancelAuctionResponse,
  CreateAuctionBody,
  CreatePromoCodeBody,
  FulfilmentState,
  OperatorFulfilment,
  PromoCode,
  OperatorAuction,
  OperatorAuctionDetail,
  OperatorUser,
  OperatorUserDetail,
  WalletAdjustmentBody,
} from "../../contract";
import type { OperatorReview } from "../../contract";
import type { AuctionStatus } from "../../contract";
import type { Database } from "../db/database";
import * as fulfilment from "../fulfilment";
import * as reviews from "../reviews";
import { buyNowSettings, setBuyNowSettings } from "../buy-now";
import { createPromoCode, disablePromoCode, listPromoCodes } from "../promo-codes";
import { backupArchive, BackupError } from "../db/backup";
import { Refusal } from "../refusal";
import { OPS_CLI_ACTOR } from "../audit/operator-actions";
import * as operator from ".";

export type OperatorBackend = {
  /** Where the commands go, for the CLI's first line. */
  describe: string;
  listAuctions(filter: { status?: AuctionStatus | undefined; limit: number }): Promise<OperatorAuction[]>;
  auction(id: number): Promise<OperatorAuctionDetail>;
  createAuction(body: CreateAuctionBody): Promise<OperatorAuction>;
  publish(id: number): Promise<OperatorAuction>;
  cancel(id: number): Promise<CancelAuctionResponse>;
  startNow(id: number): Promise<OperatorAuction>;
  endNow(id: number): Promise<OperatorAuction>;
  timeLeft(id: number, seconds: number): Promise<OperatorAuction>;
  manualOnly(id: number): Promise<OperatorAuction>;
  buyNow(id: number): Promise<BuyNowSettings>;
  setBuyNow(id: number, body: BuyNowSettingsBody): Promise<BuyNowSettings>;
  listUsers(filter: { search?: string | undefined; isDemo?: boolean | undefined; limit: number }): Promise<OperatorUser[]>;
  user(ref: string): Promise<OperatorUserDetail>;
  adjustWallet(ref: string, adjustment: WalletAdjustmentBody): Promise<OperatorUser>;
  setRole(ref: string, role: OperatorUser["role"]): Promise<OperatorUser>;
  listFulfilments(filter: { state?: FulfilmentState | undefined; limit: number }): Promise<OperatorFulfilment[]>;
  advanceFulfilment(auctionId: number, to: "InDelivery" | "Delivered"): Promise<OperatorFulfilment>;
  paymentTimeLeft(auctionId: number, seconds: number): Promise<OperatorFulfilment>;
  listPromoCodes(): Promise<PromoCode[]>;
  createPromoCode(body: CreatePromoCodeBody): Promise<PromoCode>;
  disablePromoCode(code: string): Promise<PromoCode>;
  /** Reviews (decision 104): the newest, hidden ones (true), visible ones (false) or both; hiding one with a reason. */
  listReviews(filter: { hidden?: "yes" | "no" | undefined; limit: number }): Promise<OperatorReview[]>;
  hideReview(reviewId: number, reason: string): Promise<OperatorReview>;
  /** The embedded database's backup as a gzip-compressed tar (decision 088). */
  backup(): Promise<Buffer>;
  close(): Promise<void>;
};

/** A refusal or failure the CLI prints as it is and exits non-zero on. */
export class OpsError extends Error {}

const ACTOR = OPS_CLI_ACTOR;

export function directBackend(db: Database, clock: () => Date = () => new Date()): OperatorBackend {
  const refusals = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Refusal) throw new OpsError(error.message);
      throw error;
    }
  };
  const then = <T>(work: () => Promise<unknown>, after: () => Promise<T>) => refusals(async () => (await work(), after()));
  return {
    describe: `the ${db.kind === "pglite" ? "embedded" : "PostgreSQL"} database directly (no server runs on this data directory)`,
    listAuctions: (filter) => operator.listAuctions(db, filter),
    auction: (id) => refusals(() => operator.auctionDetail(db, id)),
    createAuction: (body) => refusals(() => operator.createAuction(db, clock(), ACTOR, body)),
    publish: (id) =>
      then(
        () => operator.publishAuction(db, clock(), ACTOR, id),
        () => operator.getAuction(db, id),
      ),
    cancel: (id) =>
      refusals(async () => {
        const { refunds } = await operator.cancelAuction(db, ACTOR, id);
        return { auction: await operator.getAuction(db, id), refunds };
      }),
    startNow: (id) =>
      then(
        () => operator.startNow(db, clock(), ACTOR, id),
        () => operator.getAuction(db, id),
      ),
    endNow: (id) =>
      then(
        () => operator.endNow(db, clock(), ACTOR, id),
        () => operator.getAuction(db, id),
      ),
    timeLeft: (id, seconds) =>
      then(
        () => operator.setTimeLeft(db, clock(), ACTOR, id, seconds),
        () => operator.getAuction(db, id),
      ),
    manualOnly: (id) =>
      then(
        () => operator.makeManualOnly(db, ACTOR, id),
        () => operator.getAuction(db, id),
      ),
    buyNow: (id) => refusals(() => buyNowSettings(db, id)),
    setBuyNow: (id, body) => refusals(() => setBuyNowSettings(db, { auctionId: id, ...body, actor: ACTOR })),
    listUsers: (filter) => operator.listUsers(db, filter),
    user: (ref) => refusals(() => operator.userDetail(db, ref, "en")),
    adjustWallet: (ref, adjustment) => refusals(async () => (await operator.adjustWallet(db, ACTOR, ref, adjustment)).user),
    setRole: (ref, role) => refusals(() => operator.setRole(db, ACTOR, ref, role)),
    listFulfilments: (filter) => fulfilment.listFulfilments(db, filter, "en"),
    advanceFulfilment: (auctionId, to) => refusals(() => fulfilment.advanceFulfilment(db, { auctionId, to, actor: ACTOR, now: clock() })),
    paymentTimeLeft: (auctionId, seconds) =>
      refusals(() => fulfilment.setPaymentTimeLeft(db, { auctionId, seconds, actor: ACTOR, now: clock() })),
    listPromoCodes: () => listPromoCodes(db),
    createPromoCode: (body) => refusals(() => createPromoCode(db, body, { actor: ACTOR })),
    disablePromoCode: (code) => refusals(() => disablePromoCode(db, code, { actor: ACTOR, now: clock() })),
    listReviews: (filter) => reviews.operatorReviews(db, filter, "en"),
    hideReview: (reviewId, reason) => refusals(() => reviews.hideReview(db, { reviewId, reason, actor: ACTOR, now: clock() }, "en")),
    backup: () =>
      backupArchive(db).catch((error: unknown) => {
        throw error instanceof BackupError ? new OpsError(error.message) : error;
      }),
    close: () => db.close(),
  };
}

export function httpBackend(baseUrl: string, key: string): OperatorBackend {
  /** A request that answered 2xx; any other answer becomes its error's message. */
  const request = async (method: "GET" | "POST", pathname: string, body?: unknown): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(new URL(pathname, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          "x-requested-with": "XMLHttpRequest",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new OpsError(`The server at ${baseUrl} does not answer.`);
    }
    if (!response.ok) {
      const answer: unknown = await response.json().catch(() => null);
      const error = (answer as { error?: { message?: string; issues?: { path: string; message: string }[] } } | null)?.error;
      const issues = error?.issues?.map((issue) => `\n  ${issue.path || "body"}: ${issue.message}`).join("") ?? "";
      throw new OpsError(`${error?.message ?? `The server answered ${response.status}.`}${issues}`);
    }
    return response;
  };
  const call = async <T>(method: "GET" | "POST", pathname: string, body?: unknown): Promise<T> =>
    (await (await request(method, pathname, body)).json().catch(() => null)) as T;
  const query = (params: Record<string, string | number | boolean | undefined>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
    return search.toString();
  };
  const user = (ref: string) => `/api/operator/users/${encodeURIComponent(ref)}`;
  return {
    describe: `the running server at ${baseUrl}`,
    listAuctions: async (filter) => (await call<{ items: OperatorAuction[] }>("GET", `/api/operator/auctions?${query(filter)}`)).items,
    auction: (id) => call("GET", `/api/operator/auctions/${id}`),
    createAuction: (body) => call("POST", "/api/operator/auctions", body),
    publish: (id) => call("POST", `/api/operator/auctions/${id}/publish`),
    cancel: (id) => call("POST", `/api/operator/auctions/${id}/cancel`),
    startNow: (id) => call("POST", `/api/operator/auctions/${id}/start-now`),
    endNow: (id) => call("POST", `/api/operator/auctions/${id}/end-now`),
    timeLeft: (id, seconds) => call("POST", `/api/operator/auctions/${id}/time-left`, { seconds }),
    manualOnly: (id) => call("POST", `/api/operator/auctions/${id}/manual-only`),
    buyNow: (id) => call("GET", `/api/operator/auctions/${id}/buy-now`),
    setBuyNow: (id, body) => call("POST", `/api/operator/auctions/${id}/buy-now`, body),
    listUsers: async (filter) => (await call<{ items: OperatorUser[] }>("GET", `/api/operator/users?${query(filter)}`)).items,
    user: (ref) => call("GET", user(ref)),
    adjustWallet: (ref, adjustment) => call("POST", `${user(ref)}/wallet`, adjustment),
    setRole: (ref, role) => call("POST", `${user(ref)}/role`, { role }),
    listFulfilments: async (filter) =>
      (await call<{ items: OperatorFulfilment[] }>("GET", `/api/operator/fulfilments?${query(filter)}`)).items,
    advanceFulfilment: (auctionId, to) => call("POST", `/api/operator/fulfilments/${auctionId}/advance`, { to }),
    paymentTimeLeft: (auctionId, seconds) => call("POST", `/api/operator/fulfilments/${auctionId}/payment-time-left`, { seconds }),
    listPromoCodes: async () => (await call<{ items: PromoCode[] }>("GET", "/api/operator/promo-codes")).items,
    createPromoCode: (body) => call("POST", "/api/operator/promo-codes", body),
    disablePromoCode: (code) => call("POST", `/api/operator/promo-codes/${encodeURIComponent(code)}/disable`),
    listReviews: async (filter) => (await call<{ items: OperatorReview[] }>("GET", `/api/operator/reviews?${query(filter)}`)).items,
    hideReview: (reviewId, reason) => call("POST", `/api/operator/reviews/${reviewId}/hide`, { reason }),
    backup: async () => {
      const response = await request("POST", "/api/operator/backup");
      // A body cut short (the server stopped) fails here, and no file is written.
      return Buffer.from(await response.arrayBuffer());
    },
    close: async () => undefined,
  };
}

/** Where a running server announces itself to the CLI: `DATA_DIR/server.json`. */
const announcementFile = (dataDir: string) => path.resolve(dataDir, "server.json");

export function announceServer(dataDir: string, url: string): () => void {
  if (dataDir.startsWith("memory://")) return () => undefined;
  const file = announcementFile(dataDir);
  writeFileSync(file, JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
  return () => {
    // Another process on the same directory may have announced itself since: leave its file alone.
    if (findAnnouncement(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}

function findAnnouncement(dataDir: string): { url: string; pid: number } | null {
  const file = announcementFile(dataDir);
  if (dataDir.startsWith("memory://") || !existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { url?: unknown; pid?: unknown };
    return typeof parsed.url === "string" && typeof parsed.pid === "number" ? { url: parsed.url, pid: parsed.pid } : null;
  } catch {
    return null;
  }
}

/** The URL of a live server announced on this data directory, if its process still runs. */
export function findLocalServer(dataDir: string): string | null {
  const announcement = findAnnouncement(dataDir);
  if (!announcement) return null;
  try {
    process.kill(announcement.pid, 0);
    return announcement.url;
  } catch {
    return null;
  }
}
