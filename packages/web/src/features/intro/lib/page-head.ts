import { FREE_TRIAL_DAYS } from "@parley/contract";
import type { TFunction } from "i18next";
import { docTabs, paths } from "@/config/paths";

/** A public page that is prerendered, with where its title and description come from. */
export interface IntroPage {
  path: string;
  /** The address of the same content that search engines should list, when it is another one. */
  canonicalPath?: string;
  titleKey: string;
  /** Set when the tab title is made of the page's title and a section's. */
  titleSuffixKey?: string;
  descriptionKey: string;
}

const docsPages: IntroPage[] = docTabs.map((tab) => ({
  path: paths.intro.docs.getHref(tab),
  titleKey: `intro.docs.tabs.${tab}.label`,
  titleSuffixKey: "intro.docs.title",
  descriptionKey: `intro.docs.tabs.${tab}.description`,
}));

export const introPages: IntroPage[] = [
  { path: paths.intro.home.getHref(), titleKey: "intro.home.documentTitle", descriptionKey: "intro.home.lead" },
  {
    path: paths.intro.product.getHref(),
    titleKey: "intro.product.documentTitle",
    descriptionKey: "intro.product.lead",
  },
  // The docs' first tab is also where the bare docs address lands.
  { ...(docsPages[0] as IntroPage), path: paths.intro.docs.getHref(), canonicalPath: docsPages[0]?.path },
  ...docsPages,
  { path: paths.intro.pricing.getHref(), titleKey: "intro.pricing.title", descriptionKey: "intro.pricing.lead" },
  {
    path: paths.intro.company.getHref(),
    titleKey: "intro.company.documentTitle",
    descriptionKey: "intro.company.lead",
  },
  { path: paths.intro.terms.getHref(), titleKey: "legal.terms.title", descriptionKey: "legal.terms.description" },
  {
    path: paths.intro.privacy.getHref(),
    titleKey: "legal.privacy.title",
    descriptionKey: "legal.privacy.description",
  },
  { path: paths.intro.contactUs.getHref(), titleKey: "intro.contactUs.title", descriptionKey: "intro.contactUs.lead" },
  { path: paths.intro.freeTrial.getHref(), titleKey: "intro.freeTrial.title", descriptionKey: "intro.freeTrial.lead" },
  {
    path: paths.intro.partner.getHref(),
    titleKey: "intro.partner.documentTitle",
    descriptionKey: "intro.partner.lead",
  },
];

/** The tab title and description of a page, as the page itself titles the tab once it runs. */
export function pageHead(page: IntroPage, t: TFunction): { title: string; description: string } {
  const values = { days: FREE_TRIAL_DAYS };
  const pageTitle = page.titleSuffixKey
    ? `${t(page.titleKey, values)} · ${t(page.titleSuffixKey, values)}`
    : t(page.titleKey, values);
  return { title: `${pageTitle} · ${t("common.appName")}`, description: t(page.descriptionKey, values) };
}
