// What every request's strings and numbers go through: one string schema that refuses text no database or
// screen can hold (NUL, lone UTF-16 surrogates), and whole numbers in paths and query strings as decimal digits only.
import { z } from "./zod";

export const inputKeys = { invalidCharacters: "validation.invalidCharacters" } as const;

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False for a NUL byte (PostgreSQL's text cannot store it) or a lone surrogate (no character at all). */
export function isSafeText(value: string): boolean {
  return !value.includes("\u0000") && !loneSurrogate.test(value);
}

/**
 * Every string a request carries (bodies, params, query strings, socket payloads) starts here, never at
 * `z.string()`: the check runs first and stops the rest, so later rules only ever see safe text.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, { error: inputKeys.invalidCharacters, abort: true });

/** Ids are PostgreSQL integers: 1 to 2^31 - 1. */
export const ID_MAX = 2 ** 31 - 1;

/** An id in a JSON body or a socket payload. */
export const Id = z.number().int().min(1).max(ID_MAX);

/**
 * A whole number written in a path or a query string: decimal digits only, without sign, spaces, leading zeros,
 * hex (`0x10`) or exponent (`1e3`), within [min, max]. `z.coerce.number()` would read all of those as numbers.
 */
export const wholeNumberParam = (min: number, max: number) =>
  text()
    .regex(/^(0|[1-9][0-9]{0,15})$/, "Decimal digits only.")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** An id in a path or a query string. */
export const IdParam = wholeNumberParam(1, ID_MAX);
