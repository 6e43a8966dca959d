// Accessibility checks with axe-core (WCAG 2.2 A and AA rules) through @axe-core/playwright, on the page under test
// as it is served (the builder evaluates axe in every frame; the app's CSP is not in its way).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Result } from "axe-core";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The rules whose outcome depends on colours: all that a second colour scheme of the same page can change. */
export const colourRules = ["color-contrast", "link-in-text-block"];

/** What to read: the rules (all WCAG 2.2 A and AA ones when not given) and the part of the page (all when not given). */
export type AxeScope = { rules?: string[]; within?: string };

/** The violations axe finds on the page as it is now. */
export async function runAxe(page: Page, { rules, within }: AxeScope = {}): Promise<Result[]> {
  // Legacy mode: axe.run in the page itself. The default mode finishes every run in a new blank page, made for
  // cross-origin frames, which the app has none of; that page cost about as much as the run.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (within) builder.include(within);
  // Tags and rules cannot be combined: both set what axe runs.
  const results = await (rules ? builder.withRules(rules) : builder.withTags(wcagTags)).analyze();
  return results.violations;
}

/** One line per failing element: rule, impact, where, and what is wrong. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? "?"}) at ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ") ?? violation.help}`,
      ),
    )
    .join("\n");
}

/** Fails, listing them, when axe finds a serious or critical violation on the page. */
export async function expectNoSeriousViolations(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
  const serious = (await runAxe(page, scope)).filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  // Soft: one run reports every route that fails, not only the first.
  expect.soft(describeViolations(serious), where).toBe("");
}
