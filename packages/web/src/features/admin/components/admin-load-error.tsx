import { Navigate } from "react-router";
import { LoadError } from "@/components/load-error";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";

/**
 * The session said admin but the server answered 1023: the role was taken away after this login. The account
 * gets the same not-allowed page the route guard shows, not an error box on an admin screen.
 */
export function AdminLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error, "1023")) return <Navigate to={paths.notAllowed.getHref("admin")} replace />;
  return <LoadError error={error} onRetry={onRetry} />;
}
