import { Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { InvoicesCard } from "@/features/billing/components/invoices-card";
import { PaymentCard } from "@/features/billing/components/payment-card";
import { PlanCard } from "@/features/plans/components/plan-card";

/** `/bills`: the plan, the card it is charged to, and the invoices. */
export default function BillsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.bills")} description={t("billing.description")} />
      <Stack spacing={3} sx={{ maxWidth: 1080 }}>
        <PlanCard />
        <PaymentCard />
        <InvoicesCard />
      </Stack>
    </>
  );
}
