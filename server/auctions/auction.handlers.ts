// The auction commands over the socket: watch a status list or one auction, enrol and bid. Each handler parses its
// payload with the contract, calls one auction command and acks; its events then tell the watchers what changed.
import type { FastifyBaseLogger } from "fastify";
import { auctionStatuses, commandPayloads, type AuctionStatus } from "../../contract";
import type { Database } from "../db/database";
import { rooms } from "../realtime/rooms";
import { asSignedIn, commandAnswerer, followRoom, type LiveSocket, type RealtimeServer, type SocketSessions } from "../realtime/socket";
import { Refusal } from "../refusal";
import { bidAnswer, enrolAnswer, type AuctionCommands } from "./auction-commands";
import { auctionStates } from "./auctions.queries";

/** What an operator's socket may follow: every auction there is. */
const OPERATOR_STATUSES: AuctionStatus[] = [...auctionStatuses];

export function auctionHandlers(
  io: RealtimeServer,
  {
    db,
    sessions,
    commands,
    log,
  }: { db: Database; sessions: SocketSessions; commands: AuctionCommands; log: Pick<FastifyBaseLogger, "error"> },
): void {
  const answer = commandAnswerer(log);

  io.on("connection", (socket: LiveSocket) => {
    socket.on("auctions:watch", (payload, ack) =>
      answer(ack, commandPayloads["auctions:watch"], payload, async ({ status }) => {
        await followRoom(socket, rooms.status(status));
        return { ok: true as const };
      }),
    );
    socket.on("auctions:unwatch", (payload, ack) =>
      answer(ack, commandPayloads["auctions:unwatch"], payload, async ({ status }) => {
        await socket.leave(rooms.status(status));
        return { ok: true as const };
      }),
    );
    socket.on("auction:subscribe", (payload, ack) =>
      answer(ack, commandPayloads["auction:subscribe"], payload, async ({ auctionId }) => {
        // An operator follows a draft too (the back office's page of it), so a draft started from its page is
        // followed from its first bid on; its room hears nothing until it is published.
        const statuses = socket.data.user?.role === "operator" ? OPERATOR_STATUSES : undefined;
        const [state] = await auctionStates(db, [auctionId], undefined, statuses);
        if (!state) throw new Refusal("AUCTION_STATE_MISSING");
        await followRoom(socket, rooms.auction(auctionId));
        return state;
      }),
    );
    socket.on("auction:unsubscribe", (payload, ack) =>
      answer(ack, commandPayloads["auction:unsubscribe"], payload, async ({ auctionId }) => {
        await socket.leave(rooms.auction(auctionId));
        return { ok: true as const };
      }),
    );
    socket.on("auction:enrol", (payload, ack) =>
      answer(ack, commandPayloads["auction:enrol"], payload, async ({ auctionId }) =>
        // Money moves: the session is read again first, whatever this process has heard of it.
        enrolAnswer(await asSignedIn(socket, sessions, ({ userId }) => commands.enrol(userId, auctionId), { isReread: true })),
      ),
    );
    socket.on("bid:place", (payload, ack) =>
      answer(
        ack,
        commandPayloads["bid:place"],
        payload,
        // The session is checked in the bid's own statement: no round trip more on the busiest command.
        async ({ auctionId }) =>
          bidAnswer(await asSignedIn(socket, sessions, ({ userId, sessionIdHash }) => commands.bid(userId, auctionId, sessionIdHash))),
        "BID_FAILED",
      ),
    );
  });
}
