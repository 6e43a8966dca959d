// The server's refusals as the wire carries them (contract/errors.ts): a stable code and a message, with figures.
import { HttpResponse } from "msw";

export const refusal = (
  status: number,
  code: string,
  message = "Refused.",
  values?: Record<string, number>,
  headers: Record<string, string> = {},
) => HttpResponse.json({ error: { code, message, ...(values ? { values } : {}) } }, { status, headers });
