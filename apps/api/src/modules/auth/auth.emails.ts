import type { OutgoingEmail } from "../../integrations/mail/mailer.ts";
import { escapeHtml } from "../../lib/html.ts";

function layout(title: string, paragraphs: string[], code?: string, link?: { href: string; label: string }) {
  const codeHtml = code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>`
    : "";
  const linkHtml = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#111827;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${codeHtml}${linkHtml}
<p style="color:#6b7280;font-size:12px;margin-top:32px">Recoup</p></body></html>`;
  const text = [
    title,
    "",
    ...paragraphs,
    ...(code ? ["", code] : []),
    ...(link ? ["", `${link.label}: ${link.href}`] : []),
  ]
    .join("\n")
    .concat("\n\nRecoup\n");
  return { html, text };
}

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
