import { useParams } from "react-router";
import { BrandsTable } from "@/features/brands/components/brands-table";
import { MessageAreaTabs } from "./message-area-tabs";

export default function MessageBrandListPage() {
  const { appId = "" } = useParams();
  return (
    <>
      <MessageAreaTabs appId={appId} current="brands" />
      <BrandsTable key={appId} appId={appId} />
    </>
  );
}
