// The back office's API as its component tests meet it: answers by method and path (`"POST /api/operator/auctions"`),
// each a handler of the test's server, every call recorded with its parsed body. The operator is signed in and holds
// nothing unless the test says otherwise (`quietDay`); a request no answer names fails the test (decision 098).
import { http, type HttpHandler, type PathParams } from "msw";
import { operator } from "../operator-api";
import { json } from "../render";
import { server } from "./server";

type Answer = (body: unknown, params: PathParams) => Response | Promise<Response>;
const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

// What the back office reads beside the page a test is about, as a quiet day has it: nothing in a user's lists or the
// log, no Buy it now purchases, Buy it now off. A test's own answers come before these.
const quietDay: Record<string, Answer> = {
  "GET /api/operator/users/:id/:list": () => json({ items: [], total: 0 }),
  "GET /api/operator/audit-log": () => json({ items: [], total: 0 }),
  "GET /api/operator/buy-now": () => json({ items: [] }),
  "GET /api/operator/auctions/:auctionId/buy-now": (_, { auctionId }) =>
    json({ auctionId: Number(auctionId), enabled: false, stock: null, sold: 0 }),
};

export type OperatorCall = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };

/** `answers["POST /api/operator/auctions"]`, matched on the path without its query string; `user` is who asks. */
export function answering(answers: Record<string, Answer>, user: object = operator) {
  const calls: OperatorCall[] = [];
  const all: Record<string, Answer> = {
    "GET /authn/user": () => json(user),
    "GET /api/user-wallet": () => json({ balance: 0 }),
    ...answers,
  };
  const handlers: HttpHandler[] = [...Object.entries(all), ...Object.entries(quietDay).filter(([key]) => !(key in all))].map(
    ([key, answer]) => {
      const [method, path] = key.split(" ") as [keyof typeof methods, string];
      return methods[method](path, async ({ request, params }) => {
        const url = new URL(request.url);
        const text = request.method === "GET" ? "" : await request.text();
        const body: unknown = text && request.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
        calls.push({ method: request.method, path: url.pathname, query: url.searchParams, headers: request.headers, body });
        return answer(body, params);
      });
    },
  );
  server.use(...handlers);
  return { calls, callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}
