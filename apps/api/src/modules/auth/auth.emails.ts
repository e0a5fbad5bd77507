import type { OutgoingEmail } from "../../integrations/mail/mailer.ts";
import { emailLayout as layout } from "../../lib/email-layout.ts";

export function verificationEmail(to: string, name: string, code: string, appUrl: string): OutgoingEmail {
  const href = `${appUrl}/login?verifyEmail=${encodeURIComponent(to)}&code=${code}`;
  const body = layout(
    "Verify your email address",
    [
      `Hi ${name},`,
      "Welcome to Recoup. Enter this code to verify your email address, or use the button below. The code expires in 10 minutes.",
    ],
    code,
    { href, label: "Verify email" },
  );
  return { to, subject: `Your Recoup verification code: ${code}`, ...body };
}

export function resetEmail(to: string, code: string): OutgoingEmail {
  const body = layout(
    "Reset your password",
    [
      "Someone asked to reset the password of your Recoup account. Enter this code to choose a new password. It expires in 10 minutes.",
      "If this was not you, you can ignore this email: your password stays as it is.",
    ],
    code,
  );
  return { to, subject: `Your Recoup password reset code: ${code}`, ...body };
}

/** The code that finishes a login from a new browser while the account sees failed logins. */
export function loginCodeEmail(to: string, code: string, appUrl: string): OutgoingEmail {
  const body = layout(
    "Finish logging in",
    [
      "Someone just logged in to your Recoup account with your password, from a browser that has not logged in before, while your account sees failed logins. Enter this code on the login page to finish. It expires in 10 minutes.",
      "If this was not you, someone knows your password: reset it now.",
    ],
    code,
    { href: `${appUrl}/forgot-password`, label: "Reset password" },
  );
  return { to, subject: `Your Recoup login code: ${code}`, ...body };
}

export function passwordChangedEmail(to: string, appUrl: string): OutgoingEmail {
  const body = layout(
    "Your password was changed",
    [
      "The password of your Recoup account was just reset, and every session was signed out.",
      "If this was not you, reset your password now and contact your administrator.",
    ],
    undefined,
    { href: `${appUrl}/forgot-password`, label: "Reset password" },
  );
  return { to, subject: "Your Recoup password was changed", ...body };
}

export function accountExistsEmail(to: string, appUrl: string): OutgoingEmail {
  const body = layout(
    "You already have a Recoup account",
    [
      "Someone tried to create a Recoup account with this email address, but one already exists.",
      "If it was you, log in, or reset your password if you forgot it.",
    ],
    undefined,
    { href: `${appUrl}/login`, label: "Log in" },
  );
  return { to, subject: "You already have a Recoup account", ...body };
}
