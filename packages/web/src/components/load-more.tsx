import { Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";

/** The foot of a list read a page at a time: there while more pages exist, off while one loads. */
export function LoadMore({
  pages,
}: {
  /** The list's infinite query. */
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
      <Button variant="outlined" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {t("common.loadMore")}
      </Button>
    </Box>
  );
}
