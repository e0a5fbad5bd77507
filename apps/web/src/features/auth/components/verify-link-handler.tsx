import { errorCodes } from "@recoup/contracts";
import { Loader2Icon } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";

import { verifyEmail } from "@/features/auth/api/verify-email";
import { apiMessageOr, emailVerifiedMessage, verifyLinkUsedMessage } from "@/features/auth/utils/auth-errors";
import { isApiError } from "@/lib/http";

/** Links already submitted: React StrictMode runs effects twice, a code is single use. */
const submitted = new Set<string>();

/**
 * The emailed link /login?verifyEmail=<email>&code=<code>: submitted once, then the outcome: the
 * login form (verified, or the link was used or expired), or the code panel (any other failure).
 */
export function VerifyLinkHandler({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();

  useEffect(() => {
    const key = `${email}\n${code}`;
    if (submitted.has(key)) return;
    submitted.add(key);
    verifyEmail({ email, code })
      .then(() =>
        navigate("/login", {
          replace: true,
          state: { email, notice: { kind: "success", text: emailVerifiedMessage } },
        }),
      )
      .catch((error: unknown) =>
        navigate("/login", {
          replace: true,
          state: isApiError(error, 400, errorCodes.invalidCode)
            ? // Used or expired: the code panel would be a dead end for an address already verified.
              // The login form works either way: an unverified login offers the code panel.
              { email, notice: { kind: "error", text: verifyLinkUsedMessage } }
            : {
                verifyEmail: email,
                notice: {
                  kind: "error",
                  text: apiMessageOr(error, "We could not verify your email. Please try again."),
                },
              },
        }),
      );
  }, [email, code, navigate]);

  return (
    <div role="status" className="text-muted-foreground flex items-center justify-center gap-3 py-8 text-sm">
      <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
      Verifying your email...
    </div>
  );
}
