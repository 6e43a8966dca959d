// HTTP as a browser sends it and as the server answers, byte for byte: fetch would add its own Accept-Encoding and
// decode the answer. Used by the compression tests and by the bundle bench's count of the first page on the wire.
import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request as sent; the answer's bytes as received. */
export function rawRequest(
  url: string | URL,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? "GET", headers: options.headers ?? {} }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** The answer's text, decoded from its Content-Encoding (brotli, gzip or none). */
export function decodedText(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.body).toString("utf8");
  if (encoding === undefined) return answer.body.toString("utf8");
  throw new Error(`unexpected content-encoding ${encoding}`);
}
