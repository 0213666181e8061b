import { Button, Paper, Table, TableBody, TableCell, TableRow } from "@mui/material";
import {
  MAX_APPS_PER_ACCOUNT,
  MAX_INVITES_AT_ONCE,
  MESSAGE_METADATA_MAX,
  MUTE_MAX_MINUTES,
  REGULAR_CHANNEL_MEMBER_LIMIT,
  SUBCHANNEL_MAX_MEMBERS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
} from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { CheckList } from "@/features/intro/components/check-list";
import { ClosingCta } from "@/features/intro/components/closing-cta";
import { IntroHero } from "@/features/intro/components/intro-hero";
import { IntroSection } from "@/features/intro/components/intro-section";
import { usePlanFacts } from "@/features/intro/lib/use-plan-facts";

const sections = {
  api: ["rest", "realtime", "sdk", "sample", "anonymous"],
  channels: ["types", "supergroup", "files", "history"],
  moderation: ["profanity", "mute", "admin", "deactivate"],
  integrations: ["push", "translation", "webhooks"],
  console: ["languages", "apps", "reports", "live"],
} as const;
const limits = ["apps", "members", "supergroup", "users", "storage", "file", "metadata", "mute", "invites"] as const;

export default function IntroProductPage() {
  const { t, i18n } = useTranslation();
  const facts = usePlanFacts();
  const number = new Intl.NumberFormat(i18n.language);
  const values = {
    ...facts,
    apps: number.format(MAX_APPS_PER_ACCOUNT),
    members: number.format(REGULAR_CHANNEL_MEMBER_LIMIT),
    subchannelMax: number.format(SUBCHANNEL_MAX_MEMBERS),
    metadata: number.format(MESSAGE_METADATA_MAX),
    muteMinutes: number.format(MUTE_MAX_MINUTES),
    invites: number.format(MAX_INVITES_AT_ONCE),
    // The first attempt goes at once; the list holds the waits before each retry.
    attempts: number.format(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1),
  };
  return (
    <>
      <IntroHero
        title={t("intro.product.title")}
        documentTitle={t("intro.product.documentTitle")}
        lead={t("intro.product.lead")}
        actions={
          <>
            <Button variant="contained" size="large" component={RouterLink} to={paths.auth.signup.getHref()}>
              {t("intro.product.startTrial", facts)}
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to={paths.intro.docs.getHref()}>
              {t("intro.product.readDocs")}
            </Button>
          </>
        }
      />
      {Object.entries(sections).map(([section, items], index) => (
        <IntroSection
          key={section}
          id={section}
          tinted={index % 2 === 1}
          title={t(`intro.product.sections.${section}.title`)}
          lead={t(`intro.product.sections.${section}.lead`)}
        >
          <CheckList
            items={items.map((item) => ({
              key: item,
              text: t(`intro.product.sections.${section}.items.${item}`, values),
            }))}
          />
        </IntroSection>
      ))}
      <IntroSection id="limits" title={t("intro.product.limitsTitle")} lead={t("intro.product.limitsLead")}>
        <Paper variant="outlined" sx={{ maxWidth: 760, overflowX: "auto" }}>
          <Table aria-labelledby="limits-heading">
            <TableBody>
              {limits.map((limit) => (
                <TableRow key={limit} sx={{ "&:last-child th, &:last-child td": { border: 0 } }}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {t(`intro.product.limits.${limit}.name`)}
                  </TableCell>
                  <TableCell>{t(`intro.product.limits.${limit}.value`, values)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      </IntroSection>
      <ClosingCta
        id="start"
        title={t("intro.product.ctaTitle", facts)}
        body={t("intro.product.ctaBody", facts)}
        primary={{ label: t("intro.product.ctaButton"), to: paths.auth.signup.getHref() }}
        secondary={{ label: t("intro.product.pricingLink"), to: paths.intro.pricing.getHref() }}
      />
    </>
  );
}
