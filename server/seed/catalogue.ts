// The demo catalogue: products with bundled pictures, and a plan of auctions in every state around "now".
import type { AuctionText, Language } from "../../contract";
/** A product's title and description in each language (decision 030): written for a Latvian shop, not translated word for word. */
export type Product = { texts: Record<Language, AuctionText>; retailValueCents: number; image: string };

export const products: Product[] = [
  {
    retailValueCents: 29_900,
    image: "/products/headphones.svg",
    texts: {
      en: {
        title: "Noise-cancelling wireless headphones",
        description:
          "Over-ear headphones with active noise cancelling, 30 hours of battery and fast charging: 10 minutes give 5 hours of music.\nBluetooth 5.3, multipoint pairing, soft carrying case included.",
      },
      lv: {
        title: "Bezvadu austiņas ar trokšņu slāpēšanu",
        description:
          "Pilna izmēra austiņas ar aktīvo trokšņu slāpēšanu, līdz 30 stundām darbības un ātro uzlādi: 10 minūšu uzlāde dod 5 stundas mūzikas.\nBluetooth 5.3, savienojamas ar divām ierīcēm vienlaikus, komplektā mīksta somiņa.",
      },
      ru: {
        title: "Беспроводные наушники с шумоподавлением",
        description:
          "Полноразмерные наушники с активным шумоподавлением, до 30 часов работы и быстрой зарядкой: 10 минут зарядки дают 5 часов музыки.\nBluetooth 5.3, подключение к двум устройствам одновременно, мягкий чехол в комплекте.",
      },
    },
  },
  {
    retailValueCents: 69_900,
    image: "/products/smartphone.svg",
    texts: {
      en: {
        title: "Smartphone 128 GB",
        description:
          "6.1-inch OLED display, dual 48 MP camera and a battery that lasts all day.\n128 GB of storage, 5G, two years of warranty in the EU.",
      },
      lv: {
        title: "Viedtālrunis, 128 GB",
        description:
          "6,1 collu OLED ekrāns, divkārša 48 MP kamera un akumulators, kas iztur visu dienu.\n128 GB atmiņa, 5G, divu gadu garantija visā ES.",
      },
      ru: {
        title: "Смартфон, 128 ГБ",
        description:
          "OLED-экран 6,1 дюйма, двойная камера 48 Мп и аккумулятор, которого хватает на весь день.\n128 ГБ памяти, 5G, гарантия два года по всему ЕС.",
      },
    },
  },
  {
    retailValueCents: 24_900,
    image: "/products/smartwatch.svg",
    texts: {
      en: {
        title: "Smartwatch with GPS",
        description:
          "Tracks runs and rides with built-in GPS, measures heart rate and sleep, and shows your notifications.\nWater-resistant to 50 m; up to 7 days per charge.",
      },
      lv: {
        title: "Viedpulkstenis ar GPS",
        description:
          "Ar iebūvēto GPS reģistrē skrējienus un velobraucienus, mēra pulsu un miegu, rāda paziņojumus no tālruņa.\nŪdensizturīgs līdz 50 m; līdz 7 dienām ar vienu uzlādi.",
      },
      ru: {
        title: "Смарт-часы с GPS",
        description:
          "Записывают пробежки и велопоездки по встроенному GPS, измеряют пульс и качество сна, показывают уведомления.\nВодозащита до 50 м; до 7 дней без подзарядки.",
      },
    },
  },
  {
    retailValueCents: 45_900,
    image: "/products/espresso.svg",
    texts: {
      en: {
        title: "Espresso machine",
        description:
          "15-bar pump, a steam wand for milk foam and a cup warmer on top.\nMakes espresso, cappuccino and latte at home in under a minute.",
      },
      lv: {
        title: "Espresso kafijas automāts",
        description:
          "15 bāru sūknis, tvaika caurulīte piena putošanai un tasīšu sildītājs augšpusē.\nEspresso, kapučīno un late mājās mazāk nekā minūtē.",
      },
      ru: {
        title: "Кофемашина для эспрессо",
        description:
          "Помпа на 15 бар, паровая трубка для молочной пены и подогрев чашек сверху.\nЭспрессо, капучино и латте дома меньше чем за минуту.",
      },
    },
  },
  {
    retailValueCents: 49_900,
    image: "/products/console.svg",
    texts: {
      en: {
        title: "Game console bundle",
        description: "The latest home console with 1 TB of storage, a second wireless controller and three games to start with.",
      },
      lv: {
        title: "Spēļu konsoles komplekts",
        description: "Jaunākā mājas spēļu konsole ar 1 TB atmiņu, otru bezvadu pulti un trim spēlēm iesākumam.",
      },
      ru: {
        title: "Игровая приставка с набором игр",
        description: "Новейшая домашняя приставка с памятью 1 ТБ, вторым беспроводным геймпадом и тремя играми для начала.",
      },
    },
  },
  {
    retailValueCents: 79_900,
    image: "/products/drone.svg",
    texts: {
      en: {
        title: "4K camera drone",
        description:
          "Folding drone with a stabilised 4K camera, 34 minutes of flight time and obstacle sensors on every side.\nUnder 250 g: no registration needed for hobby flights in the EU.",
      },
      lv: {
        title: "Drons ar 4K kameru",
        description:
          "Salokāms drons ar stabilizētu 4K kameru, līdz 34 minūtēm lidojuma un šķēršļu sensoriem visos virzienos.\nSver mazāk par 250 g: hobija lidojumiem ES reģistrācija nav vajadzīga.",
      },
      ru: {
        title: "Дрон с камерой 4K",
        description:
          "Складной дрон со стабилизированной камерой 4K, до 34 минут полёта и датчиками препятствий со всех сторон.\nЛегче 250 г: для любительских полётов в ЕС регистрация не нужна.",
      },
    },
  },
  {
    retailValueCents: 12_900,
    image: "/products/speaker.svg",
    texts: {
      en: {
        title: "Waterproof Bluetooth speaker",
        description: "Rugged, waterproof (IP67) speaker with deep bass and 20 hours of playtime. Pairs with a second speaker for stereo.",
      },
      lv: {
        title: "Ūdensizturīga Bluetooth skanda",
        description:
          "Izturīga, ūdensnecaurlaidīga (IP67) skanda ar dziļiem basiem un līdz 20 stundām mūzikas. Ar otru tādu pašu skandu veido stereo pāri.",
      },
      ru: {
        title: "Водонепроницаемая Bluetooth-колонка",
        description:
          "Прочная водонепроницаемая (IP67) колонка с глубоким басом и до 20 часов музыки. Со второй такой же колонкой работает в стереорежиме.",
      },
    },
  },
  {
    retailValueCents: 119_900,
    image: "/products/laptop.svg",
    texts: {
      en: {
        title: "13-inch ultrabook",
        description:
          "1.2 kg, 16 GB of memory, 512 GB SSD and a sharp 13-inch display; up to 15 hours on battery.\nLatvian keyboard layout on request.",
      },
      lv: {
        title: "13 collu ultrabuks",
        description:
          "1,2 kg, 16 GB operatīvās atmiņas, 512 GB SSD un ass 13 collu ekrāns; līdz 15 stundām bez uzlādes.\nPēc pieprasījuma – ar latviešu tastatūras izkārtojumu.",
      },
      ru: {
        title: "Ультрабук 13 дюймов",
        description:
          "1,2 кг, 16 ГБ оперативной памяти, SSD на 512 ГБ и чёткий 13-дюймовый экран; до 15 часов без подзарядки.\nПо запросу — с латышской раскладкой клавиатуры.",
      },
    },
  },
  {
    retailValueCents: 89_900,
    image: "/products/camera.svg",
    texts: {
      en: {
        title: "Mirrorless camera kit",
        description:
          "24 MP mirrorless camera with an 18–55 mm lens, 4K video and in-body stabilisation. Includes a spare battery and a 64 GB card.",
      },
      lv: {
        title: "Bezspoguļa kameras komplekts",
        description:
          "24 MP bezspoguļa kamera ar 18–55 mm objektīvu, 4K video un sensora stabilizāciju korpusā. Komplektā rezerves akumulators un 64 GB atmiņas karte.",
      },
      ru: {
        title: "Беззеркальная камера с объективом",
        description:
          "Беззеркальная камера 24 Мп с объективом 18–55 мм, видео 4K и стабилизацией матрицы. В комплекте запасной аккумулятор и карта памяти на 64 ГБ.",
      },
    },
  },
  {
    retailValueCents: 32_900,
    image: "/products/tablet.svg",
    texts: {
      en: {
        title: "10-inch tablet",
        description: "10.9-inch display, 64 GB, Wi-Fi. For reading, streaming and video calls; works with a stylus.",
      },
      lv: {
        title: "10 collu planšetdators",
        description: "10,9 collu ekrāns, 64 GB, Wi-Fi. Lasīšanai, filmām un videozvaniem; var lietot ar irbuli.",
      },
      ru: {
        title: "Планшет 10 дюймов",
        description: "Экран 10,9 дюйма, 64 ГБ, Wi-Fi. Для чтения, фильмов и видеозвонков; поддерживает стилус.",
      },
    },
  },
  {
    retailValueCents: 5_000,
    image: "/products/voucher.svg",
    texts: {
      en: {
        title: "€50 shopping voucher",
        description: "A €50 voucher for a large Latvian online store, sent by e-mail after payment. Valid for 12 months.",
      },
      lv: {
        title: "Dāvanu karte 50 € vērtībā",
        description: "Dāvanu karte 50 € vērtībā lielam Latvijas interneta veikalam; pēc apmaksas nosūtām to pa e-pastu. Derīga 12 mēnešus.",
      },
      ru: {
        title: "Подарочная карта на 50 €",
        description:
          "Подарочная карта на 50 € для крупного латвийского интернет-магазина; после оплаты пришлём её по электронной почте. Действует 12 месяцев.",
      },
    },
  },
  {
    retailValueCents: 54_900,
    image: "/products/bike.svg",
    texts: {
      en: {
        title: "City bike",
        description: "Light aluminium frame, 7 gears, hub dynamo lights, mudguards and a rear rack. Delivered assembled in Rīga.",
      },
      lv: {
        title: "Pilsētas velosipēds",
        description: "Viegls alumīnija rāmis, 7 ātrumi, lukturi ar rumbas dinamo, dubļusargi un bagāžnieks. Rīgā piegādājam jau saliktu.",
      },
      ru: {
        title: "Городской велосипед",
        description: "Лёгкая алюминиевая рама, 7 передач, фары с динамо-втулкой, крылья и багажник. По Риге доставляем в собранном виде.",
      },
    },
  },
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
  /** Manual bids only (decision 101). */
  manualOnly?: boolean;
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
  ...(i === 7 ? { manualOnly: true } : {}),
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
