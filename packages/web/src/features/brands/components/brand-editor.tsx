import { Skeleton } from "@mui/material";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { useBrand } from "../api/get-brand";
import { BrandForm } from "./brand-form";

/** `/apps/:id/message/brand/register`. */
export function RegisterBrand({ appId }: { appId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.brandRegister")} description={t("brands.form.registerDescription")} />
      <BrandForm appId={appId} />
    </>
  );
}

/** `/apps/:id/message/brand/:brandId/edit`: the saved brand in the same form, with its registration date. */
export function EditBrand({ appId, brandId }: { appId: string; brandId: string }) {
  const { t } = useTranslation();
  const brand = useBrand(appId, brandId);
  return (
    <>
      <PageHeader title={t("pages.brandEdit")} />
      {brand.isPending && <Skeleton variant="rounded" height={420} sx={{ maxWidth: 720 }} aria-busy />}
      {brand.isError && <LoadError error={brand.error} onRetry={() => void brand.refetch()} />}
      {brand.data && <BrandForm appId={appId} brand={brand.data} />}
    </>
  );
}
