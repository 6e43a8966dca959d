// The SPA's server as component tests meet it (decision 098): MSW answers the page's requests with the handlers a test
// asks for (`server.use(auth.signedIn(), wallet.balance(12.5))`), one module of them per domain beside this file. The
// components project's setup file starts it: a request no handler answers fails as a network error, is printed with
// its method and path and fails the test, so a page that asks for something unanswered is noticed. Handlers go back
// to none after each test.
import { FetchInterceptor } from "@mswjs/interceptors/fetch";
import { SetupServerApi } from "msw/node";

// The SPA asks the server through fetch only. MSW's default set would take the page's WebSocket too, and read-only,
// where the live layer's own tests put mock-socket's (support/mock-socket-io.ts).
export const server = new SetupServerApi([], [new FetchInterceptor()]);

/** A request the page made, as a test asserts on it; `json()` reads its body (a copy: the handler reads the original). */
export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: Headers; json: () => Promise<unknown> };

/** Records every request the page makes from now until the test ends, in order. */
export function recordRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    const copy = request.clone();
    requests.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      json: async () => (await copy.json()) as unknown,
    });
  });
  return requests;
}

/** The requests to `method path` among those recorded. */
export const requestsTo = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);
