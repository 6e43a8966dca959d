// Product images operators upload, and the photos winners add to their reviews (decision 104): stored once in the
// database, named by their hash, served at `/media/…`. A photo (PNG, JPEG or WebP) is also stored as WebP at each of
// `PICTURE_WIDTHS` (decision 062): pages offer those in `srcset`, and a phone fetches a few tens of KiB instead of the
// camera's megabytes. A photo's own file is kept without the camera's metadata (where, when, with what): it is public.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { PICTURE_WIDTHS, photoWidthId } from "../../contract/constants";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES } from "../../contract/images";
import type { Queryable } from "../db/database";
import { projectRoot } from "../paths";
import { Refusal } from "../refusal";

const MEDIA_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};
/** Photos, served smaller too; a GIF may move and an SVG scales by itself, so both are served only as they came. */
const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);
/** A photo larger than this (about 8,000 × 6,000) is refused rather than decoded: memory, not bytes, is the limit. */
const MAX_MEGAPIXELS = 50;
const WEBP_QUALITY = 80;
/** A photo's own file is kept close to how it came: a second lossy encoding at this quality is hard to tell apart. */
const ORIGINAL_QUALITY = 92;

type Stored = { id: string; contentType: string; bytes: Buffer };

const unreadable = () => new Refusal("IMAGE_UNREADABLE", { maxMegapixels: MAX_MEGAPIXELS });

/**
 * What `make` writes from the photo, turned upright by its EXIF orientation (sharp leaves the metadata out of what it
 * writes). Throws a refusal when the bytes are not a picture of the type they claim, or one too large to decode.
 */
async function fromPhoto<T>(bytes: Buffer, make: (photo: Sharp) => Promise<T>): Promise<T> {
  try {
    return await make(sharp(bytes, { limitInputPixels: MAX_MEGAPIXELS * 1_000_000 }).rotate());
  } catch {
    throw unreadable();
  }
}

/** The photo as WebP at every width (none wider than the original), its metadata (camera, place) left out. */
const widthVariants = (hash: string, bytes: Buffer): Promise<Stored[]> =>
  fromPhoto(bytes, (photo) =>
    Promise.all(
      PICTURE_WIDTHS.map(async (width) => ({
        id: photoWidthId(hash, width),
        contentType: "image/webp",
        bytes: await photo.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    ),
  );

/**
 * The photo as it is kept and served at its own address: upright, in the format it came in, without its metadata. A
 * camera writes where and when a photo was taken into it, and the original is public (`/media/…`, named in every
 * auction's state), so the place an operator photographed the item must not travel with it. Colours are brought to
 * sRGB, as in the widths.
 */
const withoutMetadata = (bytes: Buffer, contentType: string): Promise<Buffer> =>
  fromPhoto(bytes, (photo) => {
    if (contentType === "image/png") return photo.png().toBuffer();
    if (contentType === "image/webp") return photo.webp({ quality: ORIGINAL_QUALITY }).toBuffer();
    return photo.jpeg({ quality: ORIGINAL_QUALITY }).toBuffer();
  });

async function insertMedia(db: Queryable, media: Stored[]): Promise<void> {
  const values = media.map((_, index) => `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3})`).join(", ");
  await db.query(
    `insert into media (id, content_type, bytes) values ${values} on conflict (id) do nothing`,
    media.flatMap((one) => [one.id, one.contentType, one.bytes]),
  );
}

/** An image ready to store: its `/media/…` path (or the path it came as) and what to write, none for a path. */
export type PreparedImage = { path: string; media: Stored[] };

/**
 * Reads a data-URL image and makes a photo's widths; a path passes through. Done before the transaction that stores
 * it: encoding a large photo takes a while, and a transaction (PGlite's above all) should not wait on it.
 */
export async function prepareImage(source: string): Promise<PreparedImage> {
  const match = /^data:(image\/[\w+.-]+);base64,(.*)$/s.exec(source);
  if (!match) return { path: source, media: [] };
  const contentType = match[1]!;
  const extension = MEDIA_TYPES[contentType];
  const bytes = Buffer.from(match[2]!, "base64");
  if (!extension) throw new Refusal("IMAGE_TYPE");
  if (bytes.length === 0) throw unreadable();
  if (bytes.length > MAX_IMAGE_BYTES) throw new Refusal("IMAGE_TOO_LARGE", { maxMegabytes: MAX_IMAGE_MEGABYTES });
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const id = `${hash}.${extension}`;
  if (!PHOTO_TYPES.has(contentType)) return { path: `/media/${id}`, media: [{ id, contentType, bytes }] };
  // Named by the bytes that came, so the same upload is stored once; what is kept has no metadata.
  const original = { id, contentType, bytes: await withoutMetadata(bytes, contentType) };
  return { path: `/media/${id}`, media: [original, ...(await widthVariants(hash, bytes))] };
}

/** Prepares each image in turn (one photo decoded at a time). */
export async function prepareImages(sources: readonly string[]): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const source of sources) prepared.push(await prepareImage(source));
  return prepared;
}

/** The product pictures the app ships (public/products, copied into every build). */
const productPictures = new Set(readdirSync(path.join(projectRoot, "public", "products")).map((file) => `/products/${file}`));

/**
 * Stores prepared images (each once, by its hash) and answers their paths. A path given as it is must name a picture
 * there is: one of the product pictures, or media already stored; anything else (a typo, a path that climbs out, a
 * stranger's file) is refused with nothing saved.
 */
export async function storeImages(tx: Queryable, images: readonly PreparedImage[]): Promise<string[]> {
  const media = images.flatMap((image) => image.media);
  const stored = images
    .filter((image) => image.media.length === 0 && image.path.startsWith("/media/"))
    .map((image) => image.path.slice("/media/".length));
  const found = stored.length > 0 ? await tx.query<{ id: string }>("select id from media where id = any($1::text[])", [stored]) : [];
  const known = new Set([...productPictures, ...found.map((row) => `/media/${row.id}`)]);
  if (images.some((image) => image.media.length === 0 && !known.has(image.path))) throw new Refusal("IMAGE_UNKNOWN");
  if (media.length > 0) await insertMedia(tx, media);
  return images.map((image) => image.path);
}

/**
 * Deletes the stored pictures behind `paths`, with the widths made of them, that nothing names any more: no auction's
 * pictures and no review's photos. A picture is stored once by its hash, so another review or a product may show the
 * same bytes; those stay. Returns the ids deleted.
 */
export async function forgetUnusedMedia(tx: Queryable, paths: readonly string[]): Promise<string[]> {
  const hashes = [...new Set(paths.flatMap((path) => /^\/media\/([0-9a-f]{32})[.-]/.exec(path)?.[1] ?? []))];
  if (hashes.length === 0) return [];
  const named = (column: string) =>
    `select 1 from jsonb_array_elements_text(${column}) as named(path) where left(named.path, 39) = '/media/' || h.hash`;
  const deleted = await tx.query<{ id: string }>(
    `delete from media m using unnest($1::text[]) as h(hash)
      where left(m.id, 32) = h.hash and substr(m.id, 33, 1) in ('.', '-')
        and not exists (select 1 from auctions a where exists (${named("a.images")}))
        and not exists (select 1 from reviews r where exists (${named("r.photos")}))
      returning m.id`,
    [hashes],
  );
  return deleted.map((row) => row.id);
}

const WIDTH_VARIANT = /^([0-9a-f]{32})-(\d+)w\.webp$/;

/**
 * A stored image by its id. A photo's width that is not stored yet (a photo uploaded before decision 062) is made from
 * the original now and kept, so each is made once.
 */
export async function readMedia(db: Queryable, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>("select content_type, bytes from media where id = $1", [id]);
  if (row) return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
  const [, hash, width] = WIDTH_VARIANT.exec(id) ?? [];
  if (!hash || !PICTURE_WIDTHS.some((known) => String(known) === width)) return null;
  const [original] = await db.query<{ bytes: Uint8Array }>(
    "select bytes from media where id in ($1, $2, $3) and content_type in ('image/png', 'image/jpeg', 'image/webp')",
    [`${hash}.png`, `${hash}.jpg`, `${hash}.webp`],
  );
  if (!original) return null;
  const variants = await widthVariants(hash, Buffer.from(original.bytes)).catch(() => null);
  if (!variants) return null;
  await insertMedia(db, variants);
  return variants.find((variant) => variant.id === id) ?? null;
}
