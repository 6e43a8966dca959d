// Outbid anywhere (issue 15): while the bidder is on any page, a bid that takes the lead from them (the server's
// `auction:outbid`, sent to their sockets only) shows a short toast with a link to the auction, with the outbid
// chime and vibration of the auction page. The auction's own page says it itself (its bid panel turns to outbid),
// so there the toast stays away; elsewhere one auction toasts at most once per few seconds. An auto-bid removed by a
// switch to manual bids only (decision 111) is said the same way, on every page.
import { useEffect, useRef } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import { showToast } from "../../../components/ui/toast";
import { currentLanguage } from "../../../lib/i18n";
import { onSocket } from "../../../lib/socket";
import { cachedTitle } from "../api/auction-lists";

export const OUTBID_TOAST_GAP_MS = 5000;

/**
 * What a notice needs, loaded with the first one (after the first paint, decision 014): its schema, the chime, and the
 * bidder's lists (a visitor's first screen holds none of them).
 */
const loadNoticeParts = () =>
  Promise.all([import("../../../../contract/socket"), import("../bid-sound-player"), import("../api/my-auctions")]);
type NoticeParts = Awaited<ReturnType<typeof loadNoticeParts>>;

/** Whether an auction may toast now: at most once per `gapMs` each (a duel of quick bids is one toast, not ten). */
export function createOutbidThrottle(gapMs = OUTBID_TOAST_GAP_MS) {
  const lastShownMs = new Map<number, number>();
  return (auctionId: number, nowMs: number): boolean => {
    const last = lastShownMs.get(auctionId);
    if (last !== undefined && nowMs - last < gapMs) return false;
    lastShownMs.set(auctionId, nowMs);
    return true;
  };
}

export const auctionPath = (auctionId: number) => `/auctions/${auctionId}`;

export function useOutbidAlerts(): void {
  const { t } = useTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  const mayToast = useRef(createOutbidThrottle());
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  // Listening from the first render, not once the user has loaded: only a signed-in socket is ever sent a notice, and
  // one that came before the user query answered would be lost.
  useEffect(() => {
    // Notices keep their order behind the first one's loading.
    let parts: Promise<NoticeParts> | undefined;
    /**
     * What a notice about an auction shows: its title as the bidder's pages name it, in their language (the notice's
     * own is the catalogue's), whether the bidder is on its page, and the link there.
     */
    const about = (auctionId: number, noticeTitle: string) => {
      const href = auctionPath(auctionId);
      return {
        title: cachedTitle(queryClient, auctionId, currentLanguage()) ?? noticeTitle,
        isOnItsPage: currentPath.current.replace(/\/$/, "") === href,
        link: { label: t("outbid.open"), href, onFollow: (to: string) => void navigate(to) },
      };
    };
    const onOutbid = (raw: unknown) =>
      void (parts ??= loadNoticeParts()).then(([{ AuctionOutbid }, { alertOutbid }]) => {
        const parsed = AuctionOutbid.safeParse(raw);
        if (!parsed.success) return;
        const { auctionId } = parsed.data;
        const { title, isOnItsPage, link } = about(auctionId, parsed.data.title);
        if (isOnItsPage) return;
        if (!mayToast.current(auctionId, Date.now())) return;
        alertOutbid();
        showToast("warning", t("outbid.toast", { title }), { link });
      });
    // An operator made an auction manual-only and the bidder's auto-bid there went (decision 111): said on every page,
    // the auction's own too, where the auto-bid form just disappears without saying why.
    const onAutoBidRemoved = (raw: unknown) =>
      void (parts ??= loadNoticeParts()).then(([{ AutoBidRemoved }, , { myAuctionsQueryOptions }]) => {
        const parsed = AutoBidRemoved.safeParse(raw);
        if (!parsed.success) return;
        void queryClient.invalidateQueries({ queryKey: myAuctionsQueryOptions.queryKey });
        const { title, isOnItsPage, link } = about(parsed.data.auctionId, parsed.data.title);
        showToast("warning", t("manualOnly.removedToast", { title }), isOnItsPage ? {} : { link });
      });
    return onSocket((socket) => {
      socket.on("auction:outbid", onOutbid);
      socket.on("auction:auto-bid-removed", onAutoBidRemoved);
      return () => {
        socket.off("auction:outbid", onOutbid);
        socket.off("auction:auto-bid-removed", onAutoBidRemoved);
      };
    });
  }, [navigate, queryClient, t]);
}

/** Mounted once in the layout, so every page of the app hears it. */
export function OutbidAlerts() {
  useOutbidAlerts();
  return null;
}
