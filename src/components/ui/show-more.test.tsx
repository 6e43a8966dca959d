import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../../lib/i18n";
import { ShowMore } from "./show-more";

afterEach(async () => {
  await changeLanguage("en");
});

describe("Show more", () => {
  it("asks for the next page, is busy while it loads, and says so above itself when the page did not load", async () => {
    const onMore = vi.fn();
    const { rerender } = render(<ShowMore label="Show more" onMore={onMore} isLoading={false} isFailed={false} />);
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(onMore).toHaveBeenCalledTimes(1);

    rerender(<ShowMore label="Show more" onMore={onMore} isLoading isFailed={false} />);
    expect(screen.getByRole("button", { name: "Loading…" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Loading…" })).toHaveAttribute("aria-busy", "true");

    rerender(<ShowMore label="Show more" onMore={onMore} isLoading={false} isFailed />);
    expect(screen.getByRole("alert")).toHaveTextContent("The next page did not load. Check your connection and try again.");
    expect(screen.getByRole("button", { name: "Show more" })).toBeEnabled();
    // Asked again: the old failure is not shown while the new ask is under way.
    rerender(<ShowMore label="Show more" onMore={onMore} isLoading isFailed />);
    expect(screen.queryByRole("alert")).toBeNull();

    await changeLanguage("lv");
    rerender(<ShowMore label="Rādīt vairāk" onMore={onMore} isLoading={false} isFailed />);
    expect(await screen.findByText("Nākamā lapa neielādējās. Pārbaudi savienojumu un mēģini vēlreiz.")).toBeInTheDocument();
  });
});
