// The client bench's baseline: the same cards built the naive way. Every card runs its own setInterval for its
// countdown, and the page keeps the list in React state and re-renders every card on every message (the card
// component without its memo). Same data, same markup, same socket messages as the live page (the list's
// `auctions:updated`, several states at once).
import { useEffect, useState, type ReactNode } from "react";
import { io, type Socket } from "socket.io-client";
import type { AuctionCardState, ClientToServerEvents, ServerToClientEvents } from "../../contract";
import { AuctionCard } from "../../src/features/auctions/components/auction-card";
import { TICK_MS } from "../../src/hooks/use-server-now";
import { countUpdate, loadRunningAuctions, markReady, mount } from "./shared";

/** AuctionCard's inner component (React.memo keeps it in `type`): renders whenever its parent does. */
const UnmemoisedCard = (AuctionCard as unknown as { type: (props: { auction: AuctionCardState }) => ReactNode }).type;

function NaiveCard({ auction }: { auction: AuctionCardState }) {
  const [, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // A copy each time: the card's body is memoised on its auction too (decision 052), and the naive card re-renders whole.
  return <UnmemoisedCard auction={{ ...auction }} />;
}

function NaivePage() {
  const [items, setItems] = useState<AuctionCardState[]>([]);
  useEffect(() => {
    void loadRunningAuctions().then(setItems);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ transports: ["websocket"] });
    socket.on("connect", () => socket.emit("auctions:watch", { status: "Running" }, () => undefined));
    socket.on("auctions:updated", (updates) => {
      for (const _update of updates) countUpdate();
      const byId = new Map(updates.map((update) => [update.id, update]));
      setItems((current) => current.map((item) => byId.get(item.id) ?? item));
    });
    return () => void socket.disconnect();
  }, []);
  useEffect(() => markReady(items.length), [items.length]);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((auction) => (
        <li key={auction.id} className="flex">
          <div className="w-full">
            <NaiveCard auction={auction} />
          </div>
        </li>
      ))}
    </ul>
  );
}

mount(<NaivePage />);
