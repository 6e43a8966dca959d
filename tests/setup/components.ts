import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { i18n, loadLaterTexts } from "../../src/lib/i18n";
import { resetFakeSocket } from "../support/fake-socket";
import { server } from "../support/msw/server";

// Component tests read English, as SPEC.md writes the strings.
await i18n.changeLanguage("en");
await loadLaterTexts();

// The page's requests meet MSW's handlers (decision 098); one that none answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  window.localStorage.clear();
  resetFakeSocket();
});
