// Product images operators upload: stored once in the database, named by their hash, served at `/media/…`.
import { createHash } from "node:crypto";
import type { Queryable } from "../db/database";
import { Refusal } from "../refusal";

const MEDIA_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Stores a data-URL image once (named by its hash) and answers its `/media/…` path; paths pass through. */
export async function storeImage(tx: Queryable, source: string): Promise<string> {
  const match = /^data:(image\/[\w+.-]+);base64,(.*)$/s.exec(source);
  if (!match) return source;
  const contentType = match[1]!;
  const extension = MEDIA_TYPES[contentType];
  const bytes = Buffer.from(match[2]!, "base64");
  if (!extension) throw new Refusal("CONFLICT", `Images must be PNG, JPEG, WebP, GIF or SVG, not ${contentType}.`);
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new Refusal("CONFLICT", "An image must be between 1 byte and 5 MB.");
  const id = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`;
  await tx.query("insert into media (id, content_type, bytes) values ($1, $2, $3) on conflict (id) do nothing", [id, contentType, bytes]);
  return `/media/${id}`;
}

export async function readMedia(db: Queryable, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>("select content_type, bytes from media where id = $1", [id]);
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
}
