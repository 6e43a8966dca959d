// The draft form: the contract's rules in the operator's words before anything is sent, a valid draft sent as the
// contract's CreateAuctionBody (cents, an ISO time), then its page; a draft edited, a published one not.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auctionDetail } from "../../../../tests/support/operator-api";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { changeLanguage, loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";

// The area is rendered here without its door (OperatorGate), which loads its texts.
beforeAll(() => loadOperatorTexts());
afterEach(async () => {
  await changeLanguage("en");
});

const renderForm = () => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/new");

describe("a new draft", () => {
  it("says what is wrong with each field, in the operator's words, and sends nothing", async () => {
    const api = operatorApi.answering({});
    const user = userEvent.setup();
    renderForm();
    await user.clear(await screen.findByLabelText("Initial timer (seconds)"));
    await user.type(screen.getByLabelText("Initial timer (seconds)"), "2");
    await user.clear(screen.getByLabelText("Entry fee (€)"));
    await user.type(screen.getByLabelText("Entry fee (€)"), "0.505");
    await user.clear(screen.getByLabelText("Timer after a bid (seconds)"));
    await user.type(screen.getByLabelText("Timer after a bid (seconds)"), "ten");
    await user.type(screen.getByLabelText("Price cap (€)"), "2000000");
    fireEvent.change(screen.getByLabelText("Hard end"), { target: { value: "2020-01-01T10:00" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    // No title in any language: said at the first one.
    expect(await screen.findByText("Give a title in at least one language")).toBeInTheDocument();
    expect(screen.getByLabelText("Title in English")).toHaveAccessibleDescription("Give a title in at least one language");
    expect(screen.getByLabelText("Initial timer (seconds)")).toHaveAccessibleDescription("At least 5");
    expect(screen.getByLabelText("Entry fee (€)")).toHaveAccessibleDescription("Enter an amount in euros, e.g. 12.50");
    expect(screen.getByLabelText("Timer after a bid (seconds)")).toHaveAccessibleDescription("Enter a whole number");
    // Money limits in euros, though the contract counts cents.
    expect(screen.getByLabelText("Price cap (€)")).toHaveAccessibleDescription("At most €1000000.00");
    expect(api.callsTo("POST", "/api/operator/auctions")).toEqual([]);
  });

  it("asks for the title of a language that has only a description", async () => {
    const api = operatorApi.answering({});
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title in English"), "Kettle");
    await user.type(screen.getByLabelText("Description in Russian"), "Кипятит воду.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByLabelText("Title in Russian")).toHaveAccessibleDescription("Required");
    expect(screen.getByLabelText("Title in Latvian")).not.toHaveAccessibleDescription();
    expect(api.callsTo("POST", "/api/operator/auctions")).toEqual([]);
  });

  it("speaks the operator's language", async () => {
    operatorApi.answering({});
    await changeLanguage("lv");
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole("button", { name: "Saglabāt melnrakstu" }));
    expect(await screen.findByLabelText("Nosaukums angļu valodā")).toHaveAccessibleDescription("Norādiet nosaukumu vismaz vienā valodā");
    expect(screen.getByRole("group", { name: "Krievu valodā" })).toHaveAttribute("lang", "ru");
  });

  it("refuses a hard end before the start at the field", async () => {
    operatorApi.answering({});
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title in English"), "Kettle");
    fireEvent.change(screen.getByLabelText("Starts at"), { target: { value: "2030-01-02T10:00" } });
    fireEvent.change(screen.getByLabelText("Hard end"), { target: { value: "2030-01-02T09:00" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The hard end must come after the start")).toBeInTheDocument();
  });

  it("sends a valid draft in cents with an ISO start, then opens its page", async () => {
    const api = operatorApi.answering({
      "POST /api/operator/auctions": () => json(auctionDetail({ status: "New", title: "Kettle" }), 201),
      "GET /api/operator/auctions/42": () => json(auctionDetail({ status: "New", title: "Kettle" })),
    });
    const user = userEvent.setup();
    const { router } = renderForm();
    await user.type(await screen.findByLabelText("Title in English"), "  Kettle ");
    await user.type(screen.getByLabelText("Description in English"), "Boils water.");
    await user.type(screen.getByLabelText("Title in Latvian"), "Tējkanna");
    await user.type(screen.getByLabelText("Title in Russian"), "Чайник");
    await user.type(screen.getByLabelText("Description in Russian"), "Кипятит воду.");
    await user.clear(screen.getByLabelText("Retail value (€)"));
    await user.type(screen.getByLabelText("Retail value (€)"), "39,99");
    await user.clear(screen.getByLabelText("Entry fee (€)"));
    await user.type(screen.getByLabelText("Entry fee (€)"), "0.5");
    fireEvent.change(screen.getByLabelText("Starts at"), { target: { value: "2030-01-02T10:00" } });
    await user.type(screen.getByLabelText("Price cap (€)"), "25");
    // Fees back: half of each loser's fee (decision 103).
    await user.clear(screen.getByLabelText("Fees back for those who lose (%)"));
    await user.type(screen.getByLabelText("Fees back for those who lose (%)"), "50");
    // Fair play: a beginners' auction for real bidders, closing to newcomers at €0.50.
    await user.type(screen.getByLabelText("Most previous wins allowed"), "0");
    await user.type(screen.getByLabelText("Enrolment closes at price (€)"), "0,50");
    await user.click(screen.getByRole("checkbox", { name: /Real bidders only/ }));
    // Seats: it starts with at least 10 and sells out at 40 (decision 102).
    await user.type(screen.getByLabelText("Fewest seats to start"), "10");
    await user.type(screen.getByLabelText("Most seats"), "40");
    // A nail-biter: no auto-bids (decision 101).
    await user.click(screen.getByRole("checkbox", { name: /Manual bids only/ }));
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/operator/auctions/42"));
    expect(api.callsTo("POST", "/api/operator/auctions")[0]?.body).toEqual({
      texts: {
        en: { title: "Kettle", description: "Boils water." },
        lv: { title: "Tējkanna", description: "" },
        ru: { title: "Чайник", description: "Кипятит воду." },
      },
      images: [],
      retailValueCents: 3999,
      entryFeeCents: 50,
      startsAt: new Date("2030-01-02T10:00").toISOString(),
      initialSeconds: 120,
      resetSeconds: 20,
      minPreviousEntries: 0,
      priceCapCents: 2500,
      paymentWindowHours: 72,
      maxPreviousWins: 0,
      enrolmentClosesSecondsBeforeEnd: null,
      enrolmentClosesAtPriceCents: 50,
      realBiddersOnly: true,
      feeBackPercent: 50,
      minSeats: 10,
      maxSeats: 40,
      manualOnly: true,
      publish: false,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Kettle" })).toBeInTheDocument();
  });

  it("says at the field when the fewest seats are more than the most", async () => {
    const api = operatorApi.answering({});
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title in English"), "Kettle");
    await user.type(screen.getByLabelText("Fewest seats to start"), "41");
    await user.type(screen.getByLabelText("Most seats"), "40");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The fewest seats must be at most the most seats.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/operator/auctions")).toHaveLength(0);
  });

  it("says at the field when enrolment would close before the auction starts", async () => {
    const api = operatorApi.answering({});
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title in English"), "Kettle");
    await user.type(screen.getByLabelText("Enrolment closes before the initial timer ends (seconds)"), "121");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(
      await screen.findByText("Enrolment can close at most the initial timer before its end (that is, at the start)"),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/operator/auctions")).toHaveLength(0);
  });

  it("shows a refusal of the server in the operator's words", async () => {
    operatorApi.answering({
      "POST /api/operator/auctions": () => refusal(409, "CONFLICT", "The price cap must be above the start price."),
    });
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title in Latvian"), "Tējkanna");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The draft was not saved: the hard end must come after the start and the price cap above the start price.",
    );
  });

  it("says which rule a refused picture broke, with its figure, in the operator's language", async () => {
    operatorApi.answering({
      "POST /api/operator/auctions": () => refusal(422, "IMAGE_TOO_LARGE", "An image may be at most 5 MB.", { maxMegabytes: 5 }),
      "PATCH /api/operator/auctions/42": () =>
        refusal(422, "IMAGE_UNREADABLE", "The image could not be opened, or it is larger than 50 megapixels: …", { maxMegapixels: 50 }),
      "GET /api/operator/auctions/42": () => json(auctionDetail({ status: "New", title: "Kettle" })),
    });
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("Title in English"), "Kettle");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Nothing was saved: a picture may be at most 5 MB.");

    await changeLanguage("lv");
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42/edit");
    await user.click(await screen.findByRole("button", { name: "Saglabāt izmaiņas" }));
    expect(await screen.findByText(/attēlu neizdevās atvērt vai tas ir lielāks par 50 megapikseļiem/)).toBeInTheDocument();
  });
});

describe("editing a draft", () => {
  const draft = auctionDetail({
    status: "New",
    title: "Kettle",
    texts: { en: { title: "Kettle", description: "Boils water." }, ru: { title: "Чайник", description: "" } },
    priceCapCents: 2500,
    images: ["/media/0123456789abcdef0123456789abcdef.png"],
  });
  const renderEdit = () => renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/auctions/42/edit");

  it("starts from the draft's settings and sends every field, an emptied price cap as null", async () => {
    const api = operatorApi.answering({
      "GET /api/operator/auctions/42": () => json(draft),
      "PATCH /api/operator/auctions/42": () => json({ ...draft, title: "Red kettle", priceCapCents: null }),
    });
    const user = userEvent.setup();
    const { router } = renderEdit();
    expect(await screen.findByRole("heading", { level: 1, name: "Edit “Kettle”" })).toBeInTheDocument();
    expect(screen.getByLabelText("Retail value (€)")).toHaveValue("399.99");
    expect(screen.getByLabelText("Price cap (€)")).toHaveValue("25.00");
    expect(screen.getByRole("img", { name: "Picture 1" })).toHaveAttribute("src", draft.images[0]);
    expect(screen.getByLabelText("Title in Russian")).toHaveValue("Чайник");
    expect(screen.getByLabelText("Title in Latvian")).toHaveValue("");
    await user.clear(screen.getByLabelText("Title in English"));
    await user.type(screen.getByLabelText("Title in English"), "Red kettle");
    await user.type(screen.getByLabelText("Title in Latvian"), "Sarkana tējkanna");
    await user.clear(screen.getByLabelText("Title in Russian"));
    await user.clear(screen.getByLabelText("Price cap (€)"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/operator/auctions/42"));
    // The whole set of texts: the emptied Russian one is gone.
    expect(api.callsTo("PATCH", "/api/operator/auctions/42")[0]?.body).toMatchObject({
      texts: { en: { title: "Red kettle", description: "Boils water." }, lv: { title: "Sarkana tējkanna", description: "" } },
      images: draft.images,
      retailValueCents: 39_999,
      entryFeeCents: 50,
      startsAt: draft.startsAt,
      hardEndsAt: null,
      priceCapCents: null,
    });
    expect(api.callsTo("PATCH", "/api/operator/auctions/42")[0]?.body).not.toHaveProperty("publish");
    expect(api.callsTo("PATCH", "/api/operator/auctions/42")[0]?.body).not.toHaveProperty("texts.ru");
  });

  it("reorders the pictures with buttons, focus following the moved one, and sends them in the new order", async () => {
    const images = [
      "/media/0123456789abcdef0123456789abcdef.png",
      "/media/fedcba9876543210fedcba9876543210.png",
      "/media/00000000000000000000000000000000.png",
    ];
    const api = operatorApi.answering({
      "GET /api/operator/auctions/42": () => json({ ...draft, images }),
      "PATCH /api/operator/auctions/42": () => json(draft),
    });
    const user = userEvent.setup();
    const { router } = renderEdit();
    const pictures = await screen.findByRole("list", { name: "Pictures in order; the first is shown on cards" });
    expect(within(pictures).getByRole("button", { name: "Move picture 1 earlier" })).toBeDisabled();
    expect(within(pictures).getByRole("button", { name: "Move picture 3 later" })).toBeDisabled();

    await user.click(within(pictures).getByRole("button", { name: "Move picture 3 earlier" }));
    expect(
      within(pictures)
        .getAllByRole("img")
        .map((img) => img.getAttribute("src")),
    ).toEqual([images[0], images[2], images[1]]);
    expect(within(pictures).getByRole("button", { name: "Move picture 2 earlier" })).toHaveFocus();
    // By keyboard: the focused button again, then to the end.
    await user.keyboard("{Enter}");
    expect(within(pictures).getByRole("button", { name: "Move picture 1 later" })).toHaveFocus();
    await user.click(within(pictures).getByRole("button", { name: "Move picture 2 later" }));
    expect(within(pictures).getByRole("button", { name: "Move picture 3 earlier" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/operator/auctions/42"));
    expect((api.callsTo("PATCH", "/api/operator/auctions/42")[0]?.body as { images: string[] }).images).toEqual([
      images[2],
      images[1],
      images[0],
    ]);
  });

  it("says so when the draft was published meanwhile", async () => {
    operatorApi.answering({
      "GET /api/operator/auctions/42": () => json(draft),
      "PATCH /api/operator/auctions/42": () => refusal(409, "CONFLICT", "Only New auctions can be edited; auction 42 is Waiting."),
    });
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The changes were not saved: the auction has been published meanwhile");
  });

  it("shows a published auction as it is instead of a form", async () => {
    operatorApi.answering({ "GET /api/operator/auctions/42": () => json(auctionDetail({ status: "Waiting" })) });
    const { router } = renderEdit();
    await waitFor(() => expect(router.state.location.pathname).toBe("/operator/auctions/42"));
    expect(await screen.findByRole("button", { name: "Start now" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit draft" })).not.toBeInTheDocument();
  });
});
