import { Box, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";

export type MessageAreaSection = "brands" | "campaigns";

/**
 * Switches between the two lists of the message area. The drawer has one entry for the whole area, so the lists
 * link to each other here.
 */
export function MessageAreaTabs({ appId, current }: { appId: string; current: MessageAreaSection }) {
  const { t } = useTranslation();
  const sections = [
    { key: "brands", to: paths.apps.message.brandList.getHref(appId) },
    { key: "campaigns", to: paths.apps.message.campaignList.getHref(appId) },
  ] as const;
  return (
    <Box
      component="nav"
      aria-label={t("messageArea.tabsLabel")}
      sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}
    >
      <Tabs value={current} aria-label={t("messageArea.tabsLabel")}>
        {sections.map((section) => (
          <Tab
            key={section.key}
            value={section.key}
            label={t(`messageArea.${section.key}`)}
            component={RouterLink}
            to={section.to}
          />
        ))}
      </Tabs>
    </Box>
  );
}
