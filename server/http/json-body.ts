// JSON bodies are read as bytes and must be UTF-8 as written: a body with bytes that decode to nothing (FF, an
// overlong C0 AF, an encoded surrogate ED A0 80, a code point past U+10FFFF) is refused with 400, never stored
// as U+FFFD replacement characters (issue 51). Parsing is then Fastify's own, with its prototype-poisoning checks.
import { isUtf8 } from "node:buffer";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

export function acceptOnlyUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) {
      done(new HttpError(400, "BAD_REQUEST", "The request body is not valid UTF-8."), undefined);
      return;
    }
    parseJson(request, body.toString("utf8"), done);
  });
}
