import "@fontsource/dm-sans/400.css";
import "@fontsource/dm-sans/500.css";
import "@fontsource/dm-sans/700.css";
import "@fontsource/barlow/600.css";
import "@fontsource/barlow/700.css";
import "./styles/index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { i18nReady } from "./lib/i18n";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The first render waits for the active language's texts (a failed load still renders, showing keys).
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
