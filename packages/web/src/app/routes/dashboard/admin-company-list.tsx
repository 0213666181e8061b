import { CompanyList } from "@/features/admin/components/company-list";

export default function AdminCompanyListPage() {
  return <CompanyList />;
}
