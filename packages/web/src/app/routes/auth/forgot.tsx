import { useTranslation } from "react-i18next";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <AuthCardHeader title={t("forgot.title")} subtitle={t("forgot.subtitle")} />
      <ForgotPasswordForm />
    </AuthCard>
  );
}
