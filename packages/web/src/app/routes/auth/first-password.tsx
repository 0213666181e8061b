import { useTranslation } from "react-i18next";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { FirstPasswordForm } from "@/features/auth/components/first-password-form";

export default function FirstPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <AuthCardHeader title={t("firstPassword.title")} subtitle={t("firstPassword.subtitle")} />
      <FirstPasswordForm />
    </AuthCard>
  );
}
