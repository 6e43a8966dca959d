import { pictureFor, type pictureSizes } from "../../../contract/constants";
import { useOffScreen } from "../../hooks/use-off-screen";

/** How soon the browser fetches the picture: the first screen's (`eager`, the likely largest paint `priority`) at once. */
export type ImageLoading = "lazy" | "eager" | "priority";

/**
 * The product picture on a soft backdrop; a placeholder mark when the auction has none. Its box's aspect ratio is
 * fixed by the caller, and the intrinsic size is given too, so nothing shifts when the picture arrives. An uploaded
 * photo comes in the width its box needs on this screen (`shownAs`, decision 062).
 */
export function AuctionImage({
  src,
  shownAs,
  className = "",
  loading = "lazy",
}: {
  src: string | null;
  shownAs: keyof typeof pictureSizes;
  className?: string;
  loading?: ImageLoading;
}) {
  // A lazy picture far down a long list is not even in the page before its cell comes near (decision 052): the
  // browser would watch every one of them on every frame to see when to fetch it.
  const isNearOnce = useOffScreen().hasBeenNear;
  return (
    <div
      className={`flex items-center justify-center overflow-hidden bg-gradient-to-br from-primary-50 to-slate-100 dark:from-slate-800 dark:to-slate-900 ${className}`}
    >
      {src ? (
        (loading !== "lazy" || isNearOnce) && (
          <img
            {...pictureFor(src, shownAs)}
            alt=""
            width={400}
            height={300}
            loading={loading === "lazy" ? "lazy" : "eager"}
            fetchPriority={loading === "priority" ? "high" : "auto"}
            decoding="async"
            className="h-full w-full object-contain p-4"
          />
        )
      ) : (
        <span aria-hidden="true" className="font-display text-5xl font-bold text-primary-300">
          ¢
        </span>
      )}
    </div>
  );
}
