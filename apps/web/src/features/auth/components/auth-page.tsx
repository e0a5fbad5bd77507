import { useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";

import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ChoosePasswordForm } from "@/features/auth/components/choose-password-form";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { LoginForm } from "@/features/auth/components/login-form";
import { SignupForm } from "@/features/auth/components/signup-form";
import { VerifyEmailPanel } from "@/features/auth/components/verify-email-panel";
import { verifyLinkUsedMessage, verifyOnLoginMessage } from "@/features/auth/utils/auth-errors";
import { type AuthMode, resolveAuthMode } from "@/features/auth/utils/auth-mode";

/** What one auth view hands the next through the navigation state. */
interface Flash {
  email?: string;
  /** The emailed link's code: the login form finishes the verification. */
  verifyCode?: string;
  notice?: { kind: "success" | "error"; text: string };
}

const isOptionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === "string";

/** The history state is the app's own (other views set it); anything else reads as nothing. */
function readFlash(state: unknown): Flash {
  if (typeof state !== "object" || state === null) return {};
  const { email, verifyCode, notice } = state as Record<string, unknown>;
  if (!isOptionalString(email) || !isOptionalString(verifyCode)) return {};
  if (notice === undefined) return { email, verifyCode };
  if (typeof notice !== "object" || notice === null) return {};
  const { kind, text } = notice as Record<string, unknown>;
  if ((kind !== "success" && kind !== "error") || typeof text !== "string") return {};
  return { email, verifyCode, notice: { kind, text } };
}

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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [verify, setVerify] = useState<Pending | null>(null);
  const [choose, setChoose] = useState<{ email: string; code: string } | null>(null);
  const [forgotStep, setForgotStep] = useState<"email" | "verify">("email");

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

  const verifyCode = flash.email ? flash.verifyCode : undefined;
  return (
    <AuthLayout {...headings.login}>
      <LoginForm
        defaultEmail={flash.email}
        verifyCode={verifyCode}
        notice={verifyCode ? { kind: "success", text: verifyOnLoginMessage } : flash.notice}
        onNeedsVerification={(email, password, message) =>
          setVerify({ email, password, notice: { kind: "error", text: message } })
        }
        onPasswordMismatch={(email, code) => setChoose({ email, code })}
        onVerifyCodeRefused={(email) =>
          navigate("/login", {
            replace: true,
            state: { email, notice: { kind: "error", text: verifyLinkUsedMessage } },
          })
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
  // Every navigation starts the screen afresh, with what the previous view handed over.
  return <AuthScreen key={location.key} mode={mode} flash={readFlash(location.state)} />;
}
