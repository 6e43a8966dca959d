// Builds the client bench's two pages (live.html, naive.html) apart from the product: `npm run bench` builds them
// into a temporary folder that the real server then serves. Same plugins as the app's build.
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localeParts } from "../../vite.config";

const here = import.meta.dirname;

export default defineConfig({
  root: here,
  publicDir: false,
  plugins: [react(), tailwindcss(), localeParts()],
  build: {
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: path.join(here, "index.html"), live: path.join(here, "live.html"), naive: path.join(here, "naive.html") },
    },
  },
});
