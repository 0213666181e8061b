import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { renderWithRouter } from "@/testing/test-utils";
import { LanguageSwitch } from "./language-switch";

describe("LanguageSwitch", () => {
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it("changes the address's lang parameter with the language, so a reload shows the same", async () => {
    await i18n.changeLanguage("ko");
    const { user, router } = renderWithRouter(<LanguageSwitch />, "/intro/pricing?lang=ko");
    await user.click(screen.getByRole("button", { name: "EN" }));
    expect(i18n.language).toBe("en");
    expect(router.state.location.search).toBe("?lang=en");
    expect(document.cookie).toContain("parley_language=en");
  });

  it("leaves an address without a lang parameter as it is", async () => {
    await i18n.changeLanguage("ko");
    const { user, router } = renderWithRouter(<LanguageSwitch />, "/apps");
    await user.click(screen.getByRole("button", { name: "EN" }));
    expect(i18n.language).toBe("en");
    expect(router.state.location.search).toBe("");
  });
});
