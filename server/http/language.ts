// The language a request reads auctions' texts in (decision 030). The SPA sends its interface language on every call
// as Accept-Language (api-client.ts), and keeps it in a cookie too (`storageKeys.language`), which is all a page
// request can carry: the first screen inside a page is made in that one.
import type { FastifyRequest } from "fastify";
import type { Language } from "../../contract";
import { defaultLanguage, isOneOf, languages, storageKeys } from "../../contract/constants";

/**
 * The first of our languages an Accept-Language value names, by its weights ("lv", or a browser's
 * "ru-RU,ru;q=0.9,en;q=0.8"); SPEC.md's default (Latvian) when it names none.
 */
export function acceptedLanguage(header: string | undefined): Language {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
      const weight = params.find((param) => param.startsWith("q="));
      return { language: tag.split("-")[0], q: weight ? Number(weight.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find((language) => isOneOf(languages, language)) ?? defaultLanguage;
}

/**
 * An API request's language: what it says in Accept-Language; without the header (a call made outside the SPA, from
 * the same browser), the SPA's cookie, as for a page.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers["accept-language"];
  return header ? acceptedLanguage(header) : pageLanguage(request);
}

/** A page request's language: the SPA's cookie, else SPEC.md's default, as the SPA itself starts in it. */
export function pageLanguage(request: FastifyRequest): Language {
  const stored = request.cookies[storageKeys.language];
  return isOneOf(languages, stored) ? stored : defaultLanguage;
}
