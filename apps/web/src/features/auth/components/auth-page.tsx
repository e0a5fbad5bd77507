import type { LoginCodeChallenge } from "@recoup/contracts";
import { useState } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";

import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ChoosePasswordForm } from "@/features/auth/components/choose-password-form";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { LoginCodeStep } from "@/features/auth/components/login-code-step";
import { LoginScreen } from "@/features/auth/components/login-screen";
import { SignupForm } from "@/features/auth/components/signup-form";
import { VerifyEmailPanel } from "@/features/auth/components/verify-email-panel";
import { loginCodeTitle } from "@/features/auth/utils/auth-errors";
import { type Flash, readFlash } from "@/features/auth/utils/auth-flash";
import { type AuthMode, resolveAuthMode } from "@/features/auth/utils/auth-mode";

const headings = {
  login: { title: "Welcome back", description: "Log in to your Recoup account." },
  signup: { title: "Create your account", description: "Start collecting what you are owed." },
  forgot: {
    title: "Reset your password",
    description: "Enter your email and we will send you a 6-digit code.",
  },
  reset: { title: "Choose a new password", description: "Enter the code from our email and a new password." },
  verify: { title: "Verify your email", description: "Enter the 6-digit code we sent you." },
  choose: { title: "Choose your password", description: "Your code is confirmed: this address is yours." },
} as const;

interface Pending {
  email: string;
  /** The password just typed, kept in memory only (never in the history state). */
  password: string;
  notice?: Flash["notice"];
}

function AuthScreen({ mode, flash }: { mode: AuthMode; flash: Flash }) {
  const [params] = useSearchParams();
  const [verify, setVerify] = useState<Pending | null>(null);
  const [choose, setChoose] = useState<{ email: string; code: string } | null>(null);
  const [forgotStep, setForgotStep] = useState<"email" | "verify">("email");
  const [codeStep, setCodeStep] = useState<LoginCodeChallenge | null>(null);

  // The emailed link /login?verifyEmail=<email>&code=<code>: the code leaves the address bar and
  // the login form takes it, with the password its holder keeps.
  const linkEmail = params.get("verifyEmail");
  const linkCode = params.get("code");
  if (mode === "login" && linkEmail && linkCode) {
    return <Navigate to="/login" replace state={{ email: linkEmail, verifyCode: linkCode }} />;
  }

  if (choose) {
    return (
      <AuthLayout {...headings.choose}>
        <ChoosePasswordForm email={choose.email} code={choose.code} />
      </AuthLayout>
    );
  }

  if (codeStep) {
    return (
      <AuthLayout title={loginCodeTitle} description={codeStep.message}>
        <LoginCodeStep step={codeStep} onBack={() => setCodeStep(null)} />
      </AuthLayout>
    );
  }

  if (verify) {
    return (
      <AuthLayout title={headings.verify.title} description={`We sent a 6-digit code to ${verify.email}.`}>
        <VerifyEmailPanel
          email={verify.email}
          password={verify.password}
          notice={verify.notice}
          onPasswordMismatch={(code) => setChoose({ email: verify.email, code })}
        />
      </AuthLayout>
    );
  }

  if (mode === "signup") {
    return (
      <AuthLayout {...headings.signup}>
        <SignupForm onSignedUp={(email, password) => setVerify({ email, password })} />
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
      <LoginScreen
        flash={flash}
        onNeedsVerification={(email, password, message) =>
          setVerify({ email, password, notice: { kind: "error", text: message } })
        }
        onPasswordMismatch={(email, code) => setChoose({ email, code })}
        onCodeRequired={setCodeStep}
      />
    </AuthLayout>
  );
}

/** One screen for /login, /signup and /forgot-password (and ?mode=login|signup). */
export function AuthPage({ forcedMode }: { forcedMode?: AuthMode }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const mode = resolveAuthMode(forcedMode, params.get("mode"));
  // Every navigation starts the screen afresh, with what the previous view handed over.
  return <AuthScreen key={location.key} mode={mode} flash={readFlash(location.state)} />;
}
