// Money is integer cents everywhere; it becomes text only here, on screen.
export function formatEuro(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** The account menu's balance: two decimals, "0.00" when unknown (SPEC.md §2). */
export function formatBalance(euros: number | undefined): string {
  return (euros ?? 0).toFixed(2);
}
