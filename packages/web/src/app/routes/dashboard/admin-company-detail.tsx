import { useParams } from "react-router";
import { CompanyDetail } from "@/features/admin/components/company-detail";

export default function AdminCompanyDetailPage() {
  const { companyId = "" } = useParams();
  return <CompanyDetail key={companyId} companyId={companyId} />;
}
