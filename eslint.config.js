// Lint rules, including the import directions of DESIGN.md: contract/ and machines/ import nothing of the app,
// src/ and server/ never import each other, features never reach into src/app.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "coverage", "data", "test-results", "playwright-report", "public"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/ignore": ["node_modules"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./contract", from: ["./src", "./server", "./machines", "./locales"] },
            { target: "./machines", from: ["./src", "./server", "./locales"] },
            { target: "./src", from: "./server" },
            { target: "./server", from: "./src" },
            { target: "./sim", from: ["./src", "./server", "./machines"] },
            { target: "./src/features", from: "./src/app" },
            { target: "./src/components", from: "./src/app" },
            { target: "./src/lib", from: ["./src/app", "./src/features"] },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
