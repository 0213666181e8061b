import AddRounded from "@mui/icons-material/AddRounded";
import StorefrontRounded from "@mui/icons-material/StorefrontRounded";
import {
  Avatar,
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { TBrand } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { SearchField } from "@/components/search-field";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { paths } from "@/config/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";
import { BRAND_USAGE_FILTERS, type BrandUsageFilter, useBrands } from "../api/get-brands";

function UsageChip({ inUse }: { inUse: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={inUse ? "success" : "default"}
      variant={inUse ? "outlined" : "filled"}
      label={t(inUse ? "brands.usage.inUse" : "brands.usage.notInUse")}
    />
  );
}

function BrandRow({ appId, brand }: { appId: string; brand: TBrand }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const href = paths.apps.message.brandEdit.getHref(appId, brand.id);
  return (
    <TableRow hover onClick={() => navigate(href)} sx={{ cursor: "pointer" }} data-testid={`brand-row-${brand.id}`}>
      <TableCell sx={{ width: 64 }}>
        <Avatar src={brand.coverImage?.url} alt="" variant="rounded" sx={{ width: 40, height: 40 }}>
          {brand.name.slice(0, 1).toUpperCase()}
        </Avatar>
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <Link
          component={RouterLink}
          to={href}
          variant="body2"
          color="inherit"
          underline="hover"
          aria-label={t("brands.editNamed", { name: brand.name })}
          onClick={(event) => event.stopPropagation()}
          sx={{ fontWeight: 600, wordBreak: "break-word" }}
        >
          {brand.name}
        </Link>
        <Box sx={{ display: { xs: "block", sm: "none" }, mt: 0.5 }}>
          <UsageChip inUse={brand.inUse} />
        </Box>
      </TableCell>
      <TableCell sx={wideOnly}>
        <Typography variant="body2" color={brand.description ? "text.primary" : "text.secondary"}>
          {brand.description || t("brands.noDescription")}
        </Typography>
      </TableCell>
      <TableCell sx={notOnPhone}>
        <UsageChip inUse={brand.inUse} />
      </TableCell>
      <TableCell sx={{ ...notOnPhone, whiteSpace: "nowrap" }}>{format.date(brand.createdAt)}</TableCell>
    </TableRow>
  );
}

/** `/apps/:id/message/brand/list`: the app's brands, newest first, searched by name and filtered by usage status. */
export function BrandsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const [usage, setUsage] = useState<BrandUsageFilter>("all");
  const search = useDebouncedValue(searchInput.trim());
  const brands = useBrands(appId, search, usage);
  const rows = brands.data?.pages.flatMap((page) => page.brands) ?? [];
  const isFiltered = search !== "" || usage !== "all";

  return (
    <>
      <PageHeader
        title={t("pages.brandList")}
        description={t("brands.description")}
        actions={
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            component={RouterLink}
            to={paths.apps.message.brandRegister.getHref(appId)}
          >
            {t("brands.register")}
          </Button>
        }
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField value={searchInput} onChange={setSearchInput} label={t("brands.search")} />
        </Box>
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t("brands.fields.inUse")}
          value={usage}
          onChange={(event) => setUsage(event.target.value as BrandUsageFilter)}
          sx={{ minWidth: 160, flex: "0 0 auto" }}
        >
          {BRAND_USAGE_FILTERS.map((filter) => (
            <MenuItem key={filter} value={filter}>
              {t(`brands.usage.${filter}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {brands.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
      {brands.isError && <LoadError error={brands.error} onRetry={() => void brands.refetch()} />}
      {brands.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<StorefrontRounded color="primary" sx={{ fontSize: 40 }} />}
          title={isFiltered ? t("brands.noMatch") : t("brands.emptyTitle")}
          body={isFiltered ? undefined : t("brands.emptyBody")}
        />
      )}
      {rows.length > 0 && (
        <TableRegion label={t("pages.brandList")} isOutlined>
          <Table size="small" aria-label={t("pages.brandList")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("brands.fields.cover")}</TableCell>
                <TableCell>{t("brands.fields.name")}</TableCell>
                <TableCell sx={wideOnly}>{t("brands.fields.description")}</TableCell>
                <TableCell sx={notOnPhone}>{t("brands.fields.inUse")}</TableCell>
                <TableCell sx={notOnPhone}>{t("brands.fields.createdAt")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((brand) => (
                <BrandRow key={brand.id} appId={appId} brand={brand} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <LoadMore pages={brands} />
    </>
  );
}
