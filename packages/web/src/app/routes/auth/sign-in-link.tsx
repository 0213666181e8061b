import { zLinkLoginRequest } from "@parley/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { SignInLink } from "@/features/auth/components/sign-in-link";

/** A sign-in link's parts arrive in router state (see app/query-links.tsx), never in the address. */
export default function SignInLinkPage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const link = useMemo(() => {
    const parsed = zLinkLoginRequest.safeParse(state);
    return parsed.success ? parsed.data : null;
  }, [state]);
  return (
    <AuthCard>
      <AuthCardHeader title={t("signInLink.title")} />
      <SignInLink link={link} />
    </AuthCard>
  );
}
