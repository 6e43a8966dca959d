// Accessibility checks with axe-core (WCAG 2.2 AA rules), evaluated from node_modules inside the page under test.
// axe-core comes with Lighthouse; with @axe-core/playwright installed, `new AxeBuilder({ page }).withTags(wcagTags)`
// would replace `runAxe`'s injection and `axe.run` call, and the rest stays.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, Result, RunOptions } from "axe-core";

// Evaluated rather than added as a <script>: the app's CSP (script-src 'self') refuses inline scripts, and the test
// should see the page as it is served.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The violations axe finds on the page as it is now, by WCAG 2.2 A and AA rules. */
export async function runAxe(page: Page): Promise<Result[]> {
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: "tag", values: wcagTags }, resultTypes: ["violations"] };
  const results = await page.evaluate(
    // `axe` is the global the script above defines; the page's own types do not know it.
    async (runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  return results.violations;
}

/** One line per failing element: rule, impact, where, and what is wrong. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact ?? "?"}) at ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ") ?? violation.help}`,
      ),
    )
    .join("\n");
}

/** Fails, listing them, when axe finds a serious or critical violation on the page. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const serious = (await runAxe(page)).filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  // Soft: one run reports every route that fails, not only the first.
  expect.soft(describeViolations(serious), where).toBe("");
}
