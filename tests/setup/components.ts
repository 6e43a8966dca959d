import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { i18n, loadLaterTexts } from "../../src/lib/i18n";
import { resetFakeSocket } from "../support/fake-socket";
import { server } from "../support/msw/server";

// Component tests read English, as SPEC.md writes the strings.
await i18n.changeLanguage("en");
await loadLaterTexts();

// The page's requests meet MSW's handlers (decision 098). One that none answers fails as a network error, is printed
// with its method and path, and fails the test after it ends: a page that swallows the error (a query that shows its
// own error state, a read nobody waits for) does not pass unnoticed.
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      const url = new URL(request.url);
      unanswered.push(`${request.method} ${url.pathname}${url.search}`);
      print.error();
    },
  }),
);
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  window.localStorage.clear();
  resetFakeSocket();
  const missed = unanswered.splice(0);
  if (missed.length > 0)
    throw new Error(`No MSW handler answered ${missed.join(", ")}: give the test the handler it needs (tests/support/msw).`);
});
