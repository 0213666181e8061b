import { useParams } from "react-router";
import { RegisterBrand } from "@/features/brands/components/brand-editor";

export default function MessageBrandRegisterPage() {
  const { appId = "" } = useParams();
  return <RegisterBrand key={appId} appId={appId} />;
}
