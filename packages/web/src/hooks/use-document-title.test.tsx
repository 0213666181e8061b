import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PublicSection } from "@/components/layouts/public-layout";
import { renderWithRouter } from "@/testing/test-utils";

describe("useDocumentTitle", () => {
  it("keeps the page's tab title when a later section of the page has no heading of its own", async () => {
    renderWithRouter(
      <>
        <PublicSection title="Pricing">first</PublicSection>
        <PublicSection title="Calculator" headingLevel="h2">
          second
        </PublicSection>
      </>,
    );
    await waitFor(() => expect(document.title).toMatch(/^Pricing · /));
  });
});
