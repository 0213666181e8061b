import { type Language, PRIVACY_VERSION, TERMS_VERSION } from "@parley/contract";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { routes } from "@/app/routes";
import { legalDocuments, legalSource } from "@/features/legal/content";
import { i18n } from "@/i18n";
import { renderRoutes } from "@/testing/test-utils";

const languages: Language[] = ["ko", "en"];
const cases = languages.flatMap((language) => [
  { language, path: "/intro/terms", version: TERMS_VERSION, titleKey: "legal.terms.title" },
  { language, path: "/intro/privacy", version: PRIVACY_VERSION, titleKey: "legal.privacy.title" },
]);
const effective = { ko: /시행일 2026년 11월 24일/, en: /effective November 24, 2026/ };

describe("terms of service and privacy policy pages", () => {
  afterEach(async () => {
    await i18n.changeLanguage("ko");
  });

  it.each(cases)("$path in $language shows the version in force and the day it took effect", async (page) => {
    await i18n.changeLanguage(page.language);
    renderRoutes(routes, { initialEntries: [page.path] });
    expect(await screen.findByRole("heading", { level: 1, name: i18n.t(page.titleKey) })).toBeInTheDocument();
    const version = screen.getByTestId("legal-version");
    expect(version).toHaveTextContent(page.version);
    expect(version).toHaveTextContent(effective[page.language]);
    const contents = screen.getByRole("navigation", { name: i18n.t("legal.contentsLabel") });
    const articles = within(screen.getByRole("main")).getAllByRole("heading", { level: 2 });
    expect(within(contents).getAllByRole("link")).toHaveLength(articles.length);
  });

  it.each(legalDocuments)("%s has the same articles in Korean and English", (document) => {
    const articles = (language: Language) => legalSource(document, language).match(/^# /gm)?.length ?? 0;
    expect(articles("ko")).toBeGreaterThan(10);
    expect(articles("ko")).toBe(articles("en"));
  });

  it.each(languages)("the privacy policy in %s covers what Korean privacy law asks a policy to say", (language) => {
    const source = legalSource("privacy", language);
    const topics = {
      ko: [
        "처리 목적",
        "처리하는 개인정보의 항목",
        "보유 기간",
        "파기",
        "제3자 제공",
        "위탁",
        "국외 이전",
        "권리",
        "안전성 확보",
        "보호책임자",
        "구제",
      ],
      en: [
        "Purposes",
        "Personal information we process",
        "Retention",
        "destroyed",
        "third parties",
        "Processors",
        "Transfers abroad",
        "Rights",
        "Safeguards",
        "Privacy officer",
        "Remedies",
      ],
    }[language];
    const headings = source.match(/^# .*$/gm)?.join("\n") ?? "";
    expect(topics.filter((topic) => !headings.includes(topic))).toEqual([]);
  });

  it("links the footer's terms and privacy to their pages", async () => {
    renderRoutes(routes, { initialEntries: ["/intro/company"] });
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: i18n.t("footer.terms") })).toHaveAttribute("href", "/intro/terms");
    expect(within(footer).getByRole("link", { name: i18n.t("footer.privacy") })).toHaveAttribute(
      "href",
      "/intro/privacy",
    );
  });
});
