import ArticleRounded from "@mui/icons-material/ArticleRounded";
import MailOutlineRounded from "@mui/icons-material/MailOutlineRounded";
import MonitorHeartRounded from "@mui/icons-material/MonitorHeartRounded";
import { Box, Card, CardContent, Link, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { CheckList } from "@/features/intro/components/check-list";
import { IntroHero } from "@/features/intro/components/intro-hero";
import { IntroSection } from "@/features/intro/components/intro-section";

const builds = ["api", "sdk", "console"] as const;

function ContactCard({ icon, title, body, link }: { icon: ReactNode; title: string; body: string; link: ReactNode }) {
  return (
    <Card component="li">
      <CardContent sx={{ p: 3 }}>
        <Box aria-hidden sx={{ color: "primary.main", display: "flex" }}>
          {icon}
        </Box>
        <Typography variant="h6" component="h3" sx={{ mt: 1.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2, wordBreak: "keep-all" }}>
          {body}
        </Typography>
        {link}
      </CardContent>
    </Card>
  );
}

export default function IntroCompanyPage() {
  const { t } = useTranslation();
  return (
    <>
      <IntroHero
        title={t("intro.company.title")}
        documentTitle={t("intro.company.documentTitle")}
        lead={t("intro.company.lead")}
      />
      <IntroSection id="what-we-build" title={t("intro.company.buildTitle")} lead={t("intro.company.buildLead")}>
        <CheckList items={builds.map((key) => ({ key, text: t(`intro.company.builds.${key}`) }))} />
      </IntroSection>
      <IntroSection id="reach-us" tinted title={t("intro.company.reachTitle")} lead={t("intro.company.reachLead")}>
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            m: 0,
            p: 0,
            display: "grid",
            gap: 2.5,
            gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" },
          }}
        >
          <ContactCard
            icon={<MailOutlineRounded />}
            title={t("intro.company.reach.contact.title")}
            body={t("intro.company.reach.contact.body")}
            link={
              <Link component={RouterLink} to={paths.intro.contactUs.getHref()} sx={{ fontWeight: 600 }}>
                {t("intro.company.reach.contact.link")}
              </Link>
            }
          />
          <ContactCard
            icon={<ArticleRounded />}
            title={t("intro.company.reach.docs.title")}
            body={t("intro.company.reach.docs.body")}
            link={
              <Link component={RouterLink} to={paths.intro.docs.getHref()} sx={{ fontWeight: 600 }}>
                {t("intro.company.reach.docs.link")}
              </Link>
            }
          />
          <ContactCard
            icon={<MonitorHeartRounded />}
            title={t("intro.company.reach.status.title")}
            body={t("intro.company.reach.status.body")}
            link={
              <Link component={RouterLink} to={paths.serviceStatus.getHref()} sx={{ fontWeight: 600 }}>
                {t("intro.company.reach.status.link")}
              </Link>
            }
          />
        </Box>
      </IntroSection>
    </>
  );
}
