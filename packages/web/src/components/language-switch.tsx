import { Button, ButtonGroup } from "@mui/material";
import { LANGUAGE_PARAM, LANGUAGES } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

/**
 * KO/EN switch; the i18n module remembers the choice and keeps `<html lang>` in step. An address that names its
 * language (a public page's `?lang=`) is changed too, so a reload or a shared link shows what is on screen. On the
 * home page, which runs without React, src/intro-lite.ts does the same through the `data-language-switch` mark.
 */
export function LanguageSwitch({ size = "small" }: { size?: "small" | "medium" }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <ButtonGroup size={size} variant="outlined" aria-label={t("common.language")} data-language-switch="">
      {LANGUAGES.map((language) => {
        const isActive = i18n.language === language;
        return (
          <Button
            key={language}
            variant={isActive ? "contained" : "outlined"}
            aria-pressed={isActive}
            lang={language}
            onClick={() => {
              if (isActive) return;
              void i18n.changeLanguage(language);
              if (params.has(LANGUAGE_PARAM)) {
                setParams(
                  (current) => {
                    current.set(LANGUAGE_PARAM, language);
                    return current;
                  },
                  { replace: true },
                );
              }
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
