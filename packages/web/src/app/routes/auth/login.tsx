import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { LoginForm } from "@/features/auth/components/login-form";

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <AuthCard>
      <AuthCardHeader title={t("login.title")} subtitle={t("login.subtitle")} />
      <LoginForm defaultEmail={typeof email === "string" ? email : ""} />
    </AuthCard>
  );
}
