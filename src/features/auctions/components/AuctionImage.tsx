/** The product picture on a soft backdrop; a placeholder mark when the auction has none. */
export function AuctionImage({ src, className = "" }: { src: string | null; className?: string }) {
  return (
    <div className={`flex items-center justify-center overflow-hidden bg-gradient-to-br from-primary-50 to-slate-100 dark:from-slate-800 dark:to-slate-900 ${className}`}>
      {src ? (
        <img src={src} alt="" loading="lazy" className="h-full w-full object-contain p-4" />
      ) : (
        <span aria-hidden="true" className="font-display text-5xl font-bold text-primary-300">¢</span>
      )}
    </div>
  );
}
