import { useParams } from "react-router";
import { EditBrand } from "@/features/brands/components/brand-editor";

export default function MessageBrandEditPage() {
  const { appId = "", brandId = "" } = useParams();
  return <EditBrand key={`${appId}/${brandId}`} appId={appId} brandId={brandId} />;
}
