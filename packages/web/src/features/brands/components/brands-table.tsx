import AddRounded from "@mui/icons-material/AddRounded";
import StorefrontRounded from "@mui/icons-material/StorefrontRounded";
import { Avatar, Box, Button, Chip, Link, Typography } from "@mui/material";
import type { TBrand } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { paths } from "@/config/paths";
import { BRAND_USAGE_FILTERS, type BrandUsageFilter, useBrands } from "@/data/brands/get-brands";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";

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

/** `/apps/:id/message/brand/list`: the app's brands, newest first, searched by name and filtered by usage status. */
export function BrandsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [searchInput, setSearchInput] = useState("");
  const [usage, setUsage] = useState<BrandUsageFilter>("all");
  const search = useDebouncedValue(searchInput.trim());
  const brands = useBrands(appId, search, usage);
  const rows = brands.data?.pages.flatMap((page) => page.brands) ?? [];
  const isFiltered = search !== "" || usage !== "all";
  const columns: ListColumn<TBrand>[] = [
    {
      key: "cover",
      header: t("brands.fields.cover"),
      cellProps: { sx: { width: 64 } },
      cell: (brand) => (
        <Avatar src={brand.coverImage?.url} alt="" variant="rounded" sx={{ width: 40, height: 40 }}>
          {brand.name.slice(0, 1).toUpperCase()}
        </Avatar>
      ),
    },
    {
      key: "name",
      header: t("brands.fields.name"),
      cellProps: { sx: { minWidth: 140 } },
      cell: (brand) => (
        <>
          <Link
            component={RouterLink}
            to={paths.apps.message.brandEdit.getHref(appId, brand.id)}
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
        </>
      ),
    },
    {
      key: "description",
      header: t("brands.fields.description"),
      sx: wideOnly,
      cell: (brand) => (
        <Typography variant="body2" color={brand.description ? "text.primary" : "text.secondary"}>
          {brand.description || t("brands.noDescription")}
        </Typography>
      ),
    },
    {
      key: "inUse",
      header: t("brands.fields.inUse"),
      sx: notOnPhone,
      cell: (brand) => <UsageChip inUse={brand.inUse} />,
    },
    {
      key: "createdAt",
      header: t("brands.fields.createdAt"),
      sx: notOnPhone,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (brand) => format.date(brand.createdAt),
    },
  ];

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
      <ListTable
        label={t("pages.brandList")}
        search={{ value: searchInput, onChange: setSearchInput, label: t("brands.search") }}
        filter={{
          label: t("brands.fields.inUse"),
          value: usage,
          options: BRAND_USAGE_FILTERS,
          optionLabel: (filter) => t(`brands.usage.${filter}`),
          onChange: setUsage,
          minWidth: 160,
        }}
        query={brands}
        rows={rows}
        rowKey={(brand) => brand.id}
        rowProps={(brand) => {
          const href = paths.apps.message.brandEdit.getHref(appId, brand.id);
          return { onClick: () => navigate(href), sx: { cursor: "pointer" }, "data-testid": `brand-row-${brand.id}` };
        }}
        columns={columns}
        empty={{
          icon: <StorefrontRounded color="primary" sx={{ fontSize: 40 }} />,
          title: isFiltered ? t("brands.noMatch") : t("brands.emptyTitle"),
          body: isFiltered ? undefined : t("brands.emptyBody"),
        }}
        pages={brands}
      />
    </>
  );
}
