import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { paths } from "@/config/paths";
import {
  EmailVerificationRequest,
  EmailVerificationStatus,
} from "@/features/auth/components/email-verification-status";
import { useLinkParams } from "./link-params";

export default function EmailVerificationSendPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { email, justSignedUp } = useLinkParams();
  return (
    <AuthCard>
      <AuthCardHeader title={t("verifySend.title")} />
      {email ? (
        <EmailVerificationStatus key={email} email={email} justSignedUp={justSignedUp} />
      ) : (
        <EmailVerificationRequest
          onEmail={(value) =>
            void navigate(paths.auth.emailVerificationSend.getHref(value), { replace: true, state: { email: value } })
          }
        />
      )}
    </AuthCard>
  );
}
