import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

const details = ["ceo", "registration", "mailOrder", "address"] as const;

/** The company's legal details every footer carries (spec section 2): name, representative, registrations, address. */
export function CompanyInfo() {
  const { t } = useTranslation();
  return (
    <Box component="address" aria-label={t("footer.company.label")} sx={{ fontStyle: "normal" }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t("footer.company.name")}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", columnGap: 1.5, rowGap: 0.25 }}
      >
        {details.map((key) => (
          <Typography key={key} component="li" variant="caption" color="text.secondary">
            {t(`footer.company.${key}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
