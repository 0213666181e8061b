import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import { List, ListItem, ListItemIcon, ListItemText } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PublicSection } from "@/components/layouts/public-layout";

const items = ["channels", "moderation", "push", "webhooks", "translation", "reports"] as const;

export default function IntroProductPage() {
  const { t } = useTranslation();
  return (
    <PublicSection title={t("intro.product.title")} lead={t("intro.product.lead")}>
      <List sx={{ maxWidth: 760 }}>
        {items.map((item) => (
          <ListItem key={item} disableGutters alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
              <CheckCircleRounded color="primary" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(`intro.product.items.${item}`)} />
          </ListItem>
        ))}
      </List>
    </PublicSection>
  );
}
