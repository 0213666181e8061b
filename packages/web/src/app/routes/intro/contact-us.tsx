import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PublicSection } from "@/components/layouts/public-layout";
import { ContactForm } from "@/features/contact/components/contact-form";

/** Open to everyone, signed in or not (spec section 2): the route sits outside every auth guard. */
export default function IntroContactUsPage() {
  const { t } = useTranslation();
  return (
    <PublicSection title={t("intro.contactUs.title")} lead={t("intro.contactUs.lead")}>
      <Box sx={{ maxWidth: 760 }}>
        <ContactForm />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {t("intro.contactUs.privacy")}
        </Typography>
      </Box>
    </PublicSection>
  );
}
