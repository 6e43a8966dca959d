// A real pino logger (Fastify's) whose lines a test reads back.
import { Writable } from "node:stream";
import Fastify from "fastify";

/** A real pino logger (Fastify's) whose lines are kept, parsed. */
export function keptLog() {
  const lines: { level: number; msg: string; auctionIds?: number[]; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { log: Fastify({ logger: { level: "info", stream } }).log, lines, messages: () => lines.map((line) => line.msg) };
}
