import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MarkdownArticle } from "@/features/docs/components/markdown-article";
import { renderMarkdown } from "@/features/docs/lib/markdown";
import { LegalDocumentPage } from "@/features/legal/components/legal-document-page";
import { legalSource } from "@/features/legal/content";
import { currentLanguage } from "@/i18n";

/** `/intro/terms`: the terms of service in force, in the UI language, with a contents list of its articles. */
export default function IntroTermsPage() {
  // Subscribes the page to language changes: the source is picked by the language, not through `t`.
  useTranslation();
  const source = legalSource("terms", currentLanguage());
  const contents = useMemo(() => renderMarkdown(source).headings.filter((heading) => heading.depth === 2), [source]);
  return (
    <LegalDocumentPage document="terms" contents={contents}>
      <MarkdownArticle source={source} />
    </LegalDocumentPage>
  );
}
