import { type Env, invalidEnv } from "./env.ts";

/** Variables that only make sense together: both set, or neither. */
const PAIRS = [
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["INTUIT_CLIENT_ID", "INTUIT_CLIENT_SECRET"],
  ["INBOUND_DOMAIN", "INBOUND_SECRET"],
  ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
] as const;

/** The checks that span several variables; throws a ConfigError on the first that fails. */
export function checkEnvRules(e: Env) {
  // Several processes (or a production host) must share one secret: a generated one is per DATA_DIR.
  if ((e.DATABASE_URL || e.NODE_ENV === "production") && !e.JWT_SECRET) {
    throw invalidEnv("JWT_SECRET: must be set when DATABASE_URL is set or NODE_ENV is production");
  }
  for (const [a, b] of PAIRS) {
    if (Boolean(e[a]) !== Boolean(e[b])) throw invalidEnv(`${a} and ${b} must be set together`);
  }
  for (const relay of [
    "INBOUND_SENDGRID_AUTH",
    "INBOUND_MAILGUN_SIGNING_KEY",
    "INBOUND_POSTMARK_AUTH",
  ] as const) {
    // A relay posts replies to reply+<token>@INBOUND_DOMAIN: without it there is nothing to thread.
    if (e[relay] && !e.INBOUND_DOMAIN) throw invalidEnv(`${relay}: needs INBOUND_DOMAIN and INBOUND_SECRET`);
  }
  if (e.STRIPE_TEST_CLOCKS && /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? "")) {
    // A test clock moves a subscription through time: a live customer's billing must never be on one.
    throw invalidEnv(
      "STRIPE_TEST_CLOCKS: test clocks exist only in test mode; unset it with a live STRIPE_SECRET_KEY",
    );
  }
}
