// The theme script index.html carries inline in its head (decision 064): read from src/theme-init.js by the build,
// which writes it into the page, and by the server, whose content security policy allows exactly that text by its
// hash. Inline, it costs the first paint no request: as a file it was the page's one render-blocking script.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
// With its extension, as vite.config.ts imports this file (and so this one) too.
import { projectRoot } from "../paths.js";

const source = path.join(projectRoot, "src", "theme-init.js");

/** The script's text, as the build writes it between `<script>` and `</script>`. */
export const themeScript = readFileSync(source, "utf8").trim();

/** The CSP source that allows it: `'sha256-…'` of that exact text. */
export const themeScriptHash = `'sha256-${createHash("sha256").update(themeScript).digest("base64")}'`;
