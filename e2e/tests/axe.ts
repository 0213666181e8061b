import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * WCAG 2.1 A and AA violations that axe rates serious or critical, one line per element: rule, impact, target and
 * axe's own summary of what to fix, so a failure message says what is wrong without opening the trace.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // The pages have no frames, so axe runs in the page itself rather than in each frame and then in a page of its
  // own (legacy mode), and returns only the violations: together several times faster on a dashboard page.
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} [${violation.impact}] ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`,
      ),
    );
}
