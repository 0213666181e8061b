import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MarkdownArticle } from "@/features/docs/components/markdown-article";
import { renderMarkdown } from "@/features/docs/lib/markdown";
import { LegalDocumentPage } from "@/features/legal/components/legal-document-page";
import { legalSource } from "@/features/legal/content";
import { currentLanguage } from "@/i18n";

/** `/intro/privacy`: the privacy policy in force, in the UI language, with a contents list of its articles. */
export default function IntroPrivacyPage() {
  // Subscribes the page to language changes: the source is picked by the language, not through `t`.
  useTranslation();
  const source = legalSource("privacy", currentLanguage());
  const contents = useMemo(() => renderMarkdown(source).headings.filter((heading) => heading.depth === 2), [source]);
  return (
    <LegalDocumentPage document="privacy" contents={contents}>
      <MarkdownArticle source={source} />
    </LegalDocumentPage>
  );
}
