import { useTranslation } from "react-i18next";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { EmailVerificationConfirm } from "@/features/auth/components/email-verification-confirm";
import { useLinkParams } from "./link-params";

export default function EmailVerificationConfirmPage() {
  const { t } = useTranslation();
  const { email, code } = useLinkParams();
  return (
    <AuthCard>
      <AuthCardHeader title={t("verifyConfirm.title")} />
      <EmailVerificationConfirm key={`${email}:${code}`} email={email} code={code} />
    </AuthCard>
  );
}
