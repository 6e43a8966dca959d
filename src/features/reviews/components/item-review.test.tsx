// The review under a won item: nothing before delivery; after it, the form (refusing what the contract refuses before
// sending, and showing the server's refusal), and once written the review itself.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { OwnReview } from "../../../../contract";
import { auth, recordRequests, refusal, requestsTo, reviews, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { signedInUser } from "../../../../tests/support/spa-fixtures";
import { ItemReview } from "./item-review";

const written: OwnReview = {
  id: 7,
  rating: 4,
  text: "Works well.",
  photos: [],
  reviewerName: "anna",
  source: "win",
  auctionId: 12,
  auctionTitle: "Espresso machine",
  createdAt: "2030-01-02T10:00:00.000Z",
  sourceId: 12,
  isHidden: false,
};

/** The item's review for a signed-in winner who has reviewed `own` (nothing yet unless given). */
function renderReview(isDelivered: boolean, own: OwnReview[] = []) {
  server.use(auth.signedIn(signedInUser), reviews.mine(own));
  const requests = recordRequests();
  renderWithRouter(<ItemReview source="win" sourceId={12} isDelivered={isDelivered} />);
  return requests;
}

describe("the review of a won item", () => {
  it("offers nothing before the item is delivered, nor asks for the user's reviews", () => {
    const requests = renderReview(false);
    expect(screen.queryByRole("button", { name: "Write a review" })).toBeNull();
    expect(requestsTo(requests, "GET", "/api/reviews/mine")).toEqual([]);
  });

  it("refuses a review without stars or text before sending, and shows the server's refusal", async () => {
    server.use(reviews.write(() => refusal(409, "REVIEW_EXISTS", "exists")));
    const requests = renderReview(true);
    await userEvent.click(await screen.findByRole("button", { name: "Write a review" }));
    const form = screen.getByRole("form", { name: "Review this item" });
    await userEvent.click(within(form).getByRole("button", { name: "Publish review" }));
    expect(within(form).getByText("Choose from 1 to 5 stars")).toBeInTheDocument();
    expect(within(form).getByText("Required")).toBeInTheDocument();
    expect(requestsTo(requests, "POST", "/api/reviews")).toHaveLength(0);

    await userEvent.click(within(form).getByRole("radio", { name: "3 out of 5" }));
    await userEvent.type(within(form).getByLabelText("Your review"), "Fine");
    await userEvent.click(within(form).getByRole("button", { name: "Publish review" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("You have already reviewed this item.");
    const [posted] = requestsTo(requests, "POST", "/api/reviews");
    expect(await posted?.json()).toEqual({ source: "win", sourceId: 12, rating: 3, text: "Fine", photos: [] });
  });

  it("shows the review once written, with a note when the operators hid it", async () => {
    renderReview(true, [{ ...written, isHidden: true }]);
    const own = await screen.findByRole("region", { name: "Your review" });
    expect(within(own).getByText("Works well.")).toBeInTheDocument();
    expect(within(own).getByText("Verified winner")).toBeInTheDocument();
    expect(within(own).getByText("Pennybid's team has hidden this review: it is not shown to others.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Write a review" })).toBeNull();
  });
});
