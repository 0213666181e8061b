import ForumRounded from "@mui/icons-material/ForumRounded";
import HubRounded from "@mui/icons-material/HubRounded";
import ShieldRounded from "@mui/icons-material/ShieldRounded";
import { Box, Button, Card, CardContent, Container, Stack, Typography } from "@mui/material";
import { FREE_TRIAL_DAYS } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";

const features = [
  { key: "chat", icon: <ForumRounded color="primary" /> },
  { key: "moderation", icon: <ShieldRounded color="primary" /> },
  { key: "integrations", icon: <HubRounded color="primary" /> },
] as const;

export default function IntroHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(undefined);
  return (
    <>
      <Box sx={{ background: "linear-gradient(180deg, #eef0fb 0%, #ffffff 100%)" }}>
        <Container maxWidth="lg" sx={{ py: { xs: 7, md: 12 } }}>
          <Typography variant="h1" sx={{ maxWidth: 760, fontSize: { xs: "2rem", md: "3rem" } }}>
            {t("intro.home.title")}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2.5, maxWidth: 640, fontSize: "1.125rem" }}>
            {t("intro.home.lead", { days: FREE_TRIAL_DAYS })}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 4 }}>
            <Button variant="contained" size="large" component={RouterLink} to={paths.auth.signup.getHref()}>
              {t("intro.home.startTrial", { days: FREE_TRIAL_DAYS })}
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to={paths.intro.pricing.getHref()}>
              {t("intro.home.seePricing")}
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" component="section" sx={{ py: { xs: 5, md: 8 } }} aria-labelledby="features-heading">
        <Typography id="features-heading" variant="h3" component="h2" sx={{ mb: 3 }}>
          {t("intro.home.featuresTitle")}
        </Typography>
        <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
          {features.map((feature) => (
            <Card key={feature.key}>
              <CardContent sx={{ p: 3 }}>
                {feature.icon}
                <Typography variant="h6" component="h3" sx={{ mt: 1.5 }}>
                  {t(`intro.home.features.${feature.key}.title`)}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t(`intro.home.features.${feature.key}.body`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </>
  );
}
