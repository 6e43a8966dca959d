// Every call to our server: same origin, SPEC.md's headers, answers parsed with the contract's schemas.
import type { z } from "zod";
import { ApiErrorBody, type ErrorCode, type FieldIssue } from "../../contract";
import { currentLanguage } from "./i18n";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type RequestOptions<Schema extends z.ZodType> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  schema: Schema;
  signal?: AbortSignal;
};

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
    const parsed = ApiErrorBody.safeParse(payload);
    if (parsed.success) {
      const { code, message, issues } = parsed.data.error;
      throw new ApiError(response.status, code, message, issues);
    }
    throw new ApiError(response.status, response.status === 401 ? "UNAUTHENTICATED" : "INTERNAL", response.statusText);
  }
  return schema.parse(payload);
}
