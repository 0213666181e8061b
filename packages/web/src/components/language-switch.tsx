import { Button, ButtonGroup } from "@mui/material";
import { LANGUAGES } from "@parley/contract";
import { useTranslation } from "react-i18next";

/** KO/EN switch; the i18n module remembers the choice and keeps `<html lang>` in step. */
export function LanguageSwitch({ size = "small" }: { size?: "small" | "medium" }) {
  const { t, i18n } = useTranslation();
  return (
    <ButtonGroup size={size} variant="outlined" aria-label={t("common.language")}>
      {LANGUAGES.map((language) => {
        const isActive = i18n.language === language;
        return (
          <Button
            key={language}
            variant={isActive ? "contained" : "outlined"}
            aria-pressed={isActive}
            lang={language}
            onClick={() => {
              if (!isActive) void i18n.changeLanguage(language);
            }}
            sx={{ minWidth: 44, px: 1.25 }}
          >
            {language.toUpperCase()}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}
