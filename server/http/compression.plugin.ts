// Compresses the server's own answers (JSON, HTML pages) by Accept-Encoding; built files come precompressed from
// the build instead (spa.plugin.ts). Decision 010.
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Answers smaller than this go out as they are: a few hundred bytes gain little and cost a compressor each. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    // The same two as the build's files, in this order of preference, on every Node version (zstd exists from 22.15).
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies are not inflated: the SPA never sends them compressed, so accepting that would only widen what
    // a hostile client can send (a small body that inflates to a large one).
    globalDecompression: false,
  });
}

// Not encapsulated: its onRoute hook must see every route registered after it.
export const compressionPlugin = fp(compression, { name: "compression" });
