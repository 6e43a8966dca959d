// Every call to our server: same origin, SPEC.md's headers, answers parsed with the contract's schemas. A schema
// may come as a loader (`() => import(…)`): the first screen's calls then fetch zod and the schema beside the answer,
// not in the first download (decision 014).
import type { z } from "zod";
import type { ErrorCode, FieldIssue } from "../../contract";
import { currentLanguage } from "./i18n";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
    readonly issues: FieldIssue[] = [],
    /** The figures a refusal's message names (`limit`, `resetsAt`…), to translate it with. */
    readonly values: Record<string, number> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A schema, or a loader of it: a dynamic import keeps the schema (and zod) out of the importing module's chunk. */
export type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

/**
 * Loaders of a schema module's exports by name, for `schema`: the module (and zod) is fetched and built beside the
 * first request that reads one of them, never with the chunk of the page that asks (decision 116).
 */
export const schemasOf =
  <Module>(load: () => Promise<Module>) =>
  <Name extends keyof Module>(name: Name) =>
  async (): Promise<Module[Name]> =>
    (await load())[name];

type RequestOptions<Schema extends z.ZodType> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  schema: SchemaSource<Schema>;
  signal?: AbortSignal;
};

const loadErrorBody = () => import("../../contract/errors").then((errors) => errors.ApiErrorBody);

export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  { method = "GET", body, schema, signal }: RequestOptions<Schema>,
): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    "Accept-Language": currentLanguage(),
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // Loaded while the request is under way; a failure to load is reported where it is awaited, after the answer.
  const parser = typeof schema === "function" ? schema() : Promise.resolve(schema);
  parser.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "Network request failed");
  }

  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    // Refusals are rare next to answers: the error body's schema loads only when one comes.
    const parsed =
      payload === undefined
        ? undefined
        : await loadErrorBody().then(
            (schema) => schema.safeParse(payload),
            () => undefined,
          );
    if (parsed?.success) {
      const { code, message, issues, values } = parsed.data.error;
      throw new ApiError(response.status, code, message, issues, values);
    }
    throw new ApiError(response.status, response.status === 401 ? "UNAUTHENTICATED" : "INTERNAL", response.statusText);
  }
  return (await parser).parse(payload);
}
