import { Stack } from "@mui/material";
import { AdminNotices } from "@/features/admin/components/admin-notices";
import { CompanyList } from "@/features/admin/components/company-list";

export default function AdminCompanyListPage() {
  return (
    <Stack spacing={3}>
      <CompanyList />
      <AdminNotices />
    </Stack>
  );
}
