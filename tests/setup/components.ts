import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n, loadLaterTexts } from "../../src/lib/i18n";
import { resetFakeSocket } from "../support/fake-socket";

// Component tests read English, as SPEC.md writes the strings.
await i18n.changeLanguage("en");
await loadLaterTexts();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  resetFakeSocket();
});
