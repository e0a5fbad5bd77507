import type { LoginCodeChallenge } from "@recoup/contracts";
import { Navigate, useNavigate } from "react-router";

import { useVerifyLinkState } from "@/features/auth/api/check-verify-link";
import { LoginForm } from "@/features/auth/components/login-form";
import { verifyLinkUsedMessage, verifyOnLoginMessage } from "@/features/auth/utils/auth-errors";
import type { Flash } from "@/features/auth/utils/auth-flash";

const linkUsed = (email: string): Flash => ({
  email,
  notice: { kind: "error", text: verifyLinkUsedMessage },
});

interface LoginScreenProps {
  flash: Flash;
  onNeedsVerification: (email: string, password: string, message: string) => void;
  onPasswordMismatch: (email: string, code: string) => void;
  onCodeRequired: (step: LoginCodeChallenge) => void;
}

/**
 * /login. With an emailed verification link's address and code, the API is asked first whether the
 * link still verifies: if so, the address is locked to it and the login finishes the verification
 * ('Use another email' drops the link); if not (verified already, or the code expired), a plain
 * login with the address filled in, saying why.
 */
export function LoginScreen({
  flash,
  onNeedsVerification,
  onPasswordMismatch,
  onCodeRequired,
}: LoginScreenProps) {
  const navigate = useNavigate();
  const link = flash.email && flash.verifyCode ? { email: flash.email, code: flash.verifyCode } : undefined;
  const linkState = useVerifyLinkState(link);
  if (link && linkState === "closed") return <Navigate to="/login" replace state={linkUsed(link.email)} />;
  // Until the API answers, the address is locked but nothing is asked; if it cannot answer, the
  // login tries the link's code, as the refusal below handles.
  const asking = linkState === "asking";
  return (
    <LoginForm
      defaultEmail={flash.email}
      verifyCode={link?.code}
      notice={link ? (asking ? undefined : { kind: "success", text: verifyOnLoginMessage }) : flash.notice}
      focusEmail={flash.focusEmail}
      onUseAnotherEmail={() =>
        navigate("/login", { replace: true, state: { focusEmail: true } satisfies Flash })
      }
      onNeedsVerification={onNeedsVerification}
      onPasswordMismatch={onPasswordMismatch}
      onCodeRequired={onCodeRequired}
      onVerifyCodeRefused={(email) => navigate("/login", { replace: true, state: linkUsed(email) })}
    />
  );
}
