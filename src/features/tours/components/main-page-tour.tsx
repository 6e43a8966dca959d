// The MainPage tour: on home, once the page has loaded what it points at (the auction lists).
import { useIsFetching } from "@tanstack/react-query";
import { useLocation } from "react-router-dom";
import { GuidedTour } from "./guided-tour";

export function MainPageTour() {
  const { pathname } = useLocation();
  const isHome = pathname === "/";
  const isFetching = useIsFetching() > 0;
  return <GuidedTour tourName="MainPage" isOnScreen={isHome} isReady={isHome && !isFetching} whenHidden="pause" />;
}
