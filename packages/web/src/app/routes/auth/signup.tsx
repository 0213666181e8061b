import { useTranslation } from "react-i18next";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { SignupForm } from "@/features/auth/components/signup-form";

export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <AuthCardHeader title={t("signup.title")} subtitle={t("signup.subtitle")} />
      <SignupForm />
    </AuthCard>
  );
}
