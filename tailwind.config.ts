// Tailwind v4 reads its design tokens from CSS (`@theme` in src/styles/index.css).
// This file only names the content roots for editors and tools that look for a config;
// it is loaded through `@config` so there is one place for tokens.
import type { Config } from "tailwindcss";

export default {
  content: ["./index.html", "./src/**/*.{ts,tsx}"],
} satisfies Config;
