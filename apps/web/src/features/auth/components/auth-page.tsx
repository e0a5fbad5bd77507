import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";

import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { LoginForm } from "@/features/auth/components/login-form";
import { SignupForm } from "@/features/auth/components/signup-form";
import { VerifyEmailPanel } from "@/features/auth/components/verify-email-panel";
import { VerifyLinkHandler } from "@/features/auth/components/verify-link-handler";
import { emailVerifiedMessage } from "@/features/auth/utils/auth-errors";
import { type AuthMode, resolveAuthMode } from "@/features/auth/utils/auth-mode";

/** What one auth view hands the next through the navigation state. */
const flashSchema = z.object({
  email: z.string().optional(),
  verifyEmail: z.string().optional(),
  notice: z.object({ kind: z.enum(["success", "error"]), text: z.string() }).optional(),
});
type Flash = z.infer<typeof flashSchema>;

const headings = {
  login: { title: "Welcome back", description: "Log in to your Recoup account." },
  signup: { title: "Create your account", description: "Start collecting what you are owed." },
  forgot: {
    title: "Reset your password",
    description: "Enter your email and we will send you a 6-digit code.",
  },
  reset: { title: "Choose a new password", description: "Enter the code from our email and a new password." },
  verify: { title: "Verify your email", description: "Enter the 6-digit code we sent you." },
  verifying: { title: "Verifying your email", description: "One moment, please." },
} as const;

function AuthScreen({ mode, flash }: { mode: AuthMode; flash: Flash }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [verify, setVerify] = useState(
    flash.verifyEmail ? { email: flash.verifyEmail, notice: flash.notice } : null,
  );
  const [forgotStep, setForgotStep] = useState<"email" | "verify">("email");

  const linkEmail = params.get("verifyEmail");
  const linkCode = params.get("code");
  if (mode === "login" && linkEmail && linkCode) {
    return (
      <AuthLayout {...headings.verifying}>
        <VerifyLinkHandler email={linkEmail} code={linkCode} />
      </AuthLayout>
    );
  }

  if (verify) {
    return (
      <AuthLayout title={headings.verify.title} description={`We sent a 6-digit code to ${verify.email}.`}>
        <VerifyEmailPanel
          email={verify.email}
          notice={verify.notice}
          onVerified={(email) =>
            navigate("/login", { state: { email, notice: { kind: "success", text: emailVerifiedMessage } } })
          }
        />
      </AuthLayout>
    );
  }

  if (mode === "signup") {
    return (
      <AuthLayout {...headings.signup}>
        <SignupForm onSignedUp={(email) => setVerify({ email, notice: undefined })} />
      </AuthLayout>
    );
  }

  if (mode === "forgot") {
    return (
      <AuthLayout {...(forgotStep === "email" ? headings.forgot : headings.reset)}>
        <ForgotPasswordForm onStepChange={setForgotStep} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout {...headings.login}>
      <LoginForm
        defaultEmail={flash.email}
        notice={flash.notice}
        onNeedsVerification={(email, message) =>
          setVerify({ email, notice: { kind: "error", text: message } })
        }
      />
    </AuthLayout>
  );
}

/** One screen for /login, /signup and /forgot-password (and ?mode=login|signup). */
export function AuthPage({ forcedMode }: { forcedMode?: AuthMode }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const mode = resolveAuthMode(forcedMode, params.get("mode"));
  const parsed = flashSchema.safeParse(location.state ?? {});
  // Every navigation starts the screen afresh, with what the previous view handed over.
  return <AuthScreen key={location.key} mode={mode} flash={parsed.success ? parsed.data : {}} />;
}
