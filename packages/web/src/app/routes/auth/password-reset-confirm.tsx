import { useTranslation } from "react-i18next";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { useLinkParams } from "./link-params";

export default function PasswordResetConfirmPage() {
  const { t } = useTranslation();
  const { email, code } = useLinkParams();
  return (
    <AuthCard>
      <AuthCardHeader title={t("resetConfirm.title")} subtitle={t("resetConfirm.subtitle")} />
      <ResetPasswordForm key={`${email}:${code}`} email={email} code={code} />
    </AuthCard>
  );
}
