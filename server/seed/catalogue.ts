// The demo catalogue: products with bundled pictures, and a plan of auctions in every state around "now".
export type Product = { title: string; description: string; retailValueCents: number; image: string };

export const products: Product[] = [
  { title: "Noise-cancelling wireless headphones", retailValueCents: 29_900, image: "/products/headphones.svg", description: "Over-ear headphones with active noise cancelling, 30 hours of battery and fast charging: 10 minutes give 5 hours of music.\nBluetooth 5.3, multipoint pairing, soft carrying case included." },
  { title: "Smartphone 128 GB", retailValueCents: 69_900, image: "/products/smartphone.svg", description: "6.1-inch OLED display, dual 48 MP camera and a battery that lasts all day.\n128 GB of storage, 5G, two years of warranty in the EU." },
  { title: "Smartwatch with GPS", retailValueCents: 24_900, image: "/products/smartwatch.svg", description: "Tracks runs and rides with built-in GPS, measures heart rate and sleep, and shows your notifications.\nWater-resistant to 50 m; up to 7 days per charge." },
  { title: "Espresso machine", retailValueCents: 45_900, image: "/products/espresso.svg", description: "15-bar pump, a steam wand for milk foam and a cup warmer on top.\nMakes espresso, cappuccino and latte at home in under a minute." },
  { title: "Game console bundle", retailValueCents: 49_900, image: "/products/console.svg", description: "The latest home console with 1 TB of storage, a second wireless controller and three games to start with." },
  { title: "4K camera drone", retailValueCents: 79_900, image: "/products/drone.svg", description: "Folding drone with a stabilised 4K camera, 34 minutes of flight time and obstacle sensors on every side.\nUnder 250 g: no registration needed for hobby flights in the EU." },
  { title: "Waterproof Bluetooth speaker", retailValueCents: 12_900, image: "/products/speaker.svg", description: "Rugged, waterproof (IP67) speaker with deep bass and 20 hours of playtime. Pairs with a second speaker for stereo." },
  { title: "13-inch ultrabook", retailValueCents: 119_900, image: "/products/laptop.svg", description: "1.2 kg, 16 GB of memory, 512 GB SSD and a sharp 13-inch display; up to 15 hours on battery.\nLatvian keyboard layout on request." },
  { title: "Mirrorless camera kit", retailValueCents: 89_900, image: "/products/camera.svg", description: "24 MP mirrorless camera with an 18–55 mm lens, 4K video and in-body stabilisation. Includes a spare battery and a 64 GB card." },
  { title: "10-inch tablet", retailValueCents: 32_900, image: "/products/tablet.svg", description: "10.9-inch display, 64 GB, Wi-Fi. For reading, streaming and video calls; works with a stylus." },
  { title: "€50 shopping voucher", retailValueCents: 5_000, image: "/products/voucher.svg", description: "A €50 voucher for a large Latvian online store, sent by e-mail after payment. Valid for 12 months." },
  { title: "City bike", retailValueCents: 54_900, image: "/products/bike.svg", description: "Light aluminium frame, 7 gears, hub dynamo lights, mudguards and a rear rack. Delivered assembled in Rīga." },
];

export const demoBidders = ["liga_k", "martins88", "anna_b", "janis_r", "olga_s", "edgars_v"];

type Plan = {
  status: "New" | "Waiting" | "Running" | "Ended";
  /** Minutes from now: Waiting → start; Running → end; Ended → how long ago it started. */
  minutes: number;
  feeCents: number;
  resetSeconds: number;
  bids: number;
  minPreviousEntries?: number;
  priceCapCents?: number;
  hardStopHours?: number;
  isWonByDemoUser?: boolean;
  /** Hours the winner has to pay (72 unless set); a short one makes a demo win expire unpaid. */
  paymentWindowHours?: number;
  // The fair-play rules of enrolment (decision 031), on a few auctions so `npm start` shows them.
  maxPreviousWins?: number;
  enrolmentClosesSeconds?: number;
  enrolmentClosesAtPriceCents?: number;
  realBiddersOnly?: boolean;
};

const running: Plan[] = [3, 8, 15, 30, 60, 120, 300, 720, 1440, 2880].map((minutes, i) => ({
  status: "Running",
  minutes,
  feeCents: [0, 50, 100, 200, 100][i % 5] ?? 100,
  resetSeconds: [15, 10, 20, 15][i % 4] ?? 15,
  bids: [4, 12, 0, 7, 25, 3, 0, 9, 1, 15][i] ?? 0,
  ...(i === 3 ? { minPreviousEntries: 2 } : {}),
  ...(i === 5 ? { priceCapCents: 500 } : {}),
  // Closed to new bidders already (its initial timer, 18 min from 10 min ago, closes 10 min before its end).
  ...(i === 1 ? { enrolmentClosesSeconds: 600 } : {}),
  ...(i === 2 ? { maxPreviousWins: 0 } : {}),
  ...(i === 4 ? { enrolmentClosesAtPriceCents: 50 } : {}),
  ...(i === 6 ? { realBiddersOnly: true } : {}),
  hardStopHours: 48,
}));

const waiting: Plan[] = [2, 10, 30, 60, 180, 480, 1440, 2880, 5760, 10_080].map((minutes, i) => ({
  status: "Waiting",
  minutes,
  feeCents: [100, 0, 50, 200, 100][i % 5] ?? 100,
  resetSeconds: 15,
  bids: 0,
  // Enrolment closes 5 minutes into its 10-minute initial timer; a beginners' auction for real bidders only.
  ...(i === 1 ? { enrolmentClosesSeconds: 300 } : {}),
  ...(i === 4 ? { maxPreviousWins: 1, realBiddersOnly: true } : {}),
}));

const ended: Plan[] = [60, 120, 180, 240, 360, 600, 900, 1300, 2000, 3000].map((minutes, i) => ({
  status: "Ended",
  minutes,
  feeCents: 100,
  resetSeconds: 15,
  bids: [18, 6, 40, 2, 11, 0, 27, 9, 14, 5][i] ?? 5,
  ...(i === 1 ? { isWonByDemoUser: true } : {}),
  ...(i === 7 ? { paymentWindowHours: 12 } : {}),
}));

const drafts: Plan[] = [
  { status: "New", minutes: 4320, feeCents: 100, resetSeconds: 15, bids: 0 },
  { status: "New", minutes: 8640, feeCents: 0, resetSeconds: 15, bids: 0 },
];

export const auctionPlan: Plan[] = [...running, ...waiting, ...ended, ...drafts];
