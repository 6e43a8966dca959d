// Money is integer cents everywhere; it becomes text only on screen (see also useEuro in the auctions feature).
/** The account menu's balance: two decimals, "0.00" when unknown (SPEC.md §2). */
export function formatBalance(euros: number | undefined): string {
  return (euros ?? 0).toFixed(2);
}
