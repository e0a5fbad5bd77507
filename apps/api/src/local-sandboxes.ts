import { randomBytes } from "node:crypto";
import { type GoogleSandbox, startGoogleSandbox } from "@recoup/sandbox-google";
import { type MailSandbox, startMailSandbox } from "@recoup/sandbox-mail";
import {
  latencyFromEnv,
  type QuickBooksSandbox,
  type QuickBooksSandboxOptions,
  startQuickBooksSandbox,
} from "@recoup/sandbox-quickbooks";
import { type StripeSandbox, startStripeSandbox } from "@recoup/sandbox-stripe";
import { ConfigError } from "./config.ts";

/** The environment variables the wiring reads and fills in. */
export type Env = Record<string, string | undefined>;

export interface LocalSandboxes {
  /** The environment with every missing outside service pointed at its local sandbox. */
  env: Env;
  /** One line per sandbox started, for the start-up banner. */
  banner: string[];
  mail?: MailSandbox;
  google?: GoogleSandbox;
  quickbooks?: QuickBooksSandbox;
  stripe?: StripeSandbox;
  close(): Promise<void>;
}

export interface WireOptions {
  /** Pick free ports instead of the defaults (tests and benchmarks). */
  freePorts?: boolean;
  /** Extra options for the QuickBooks sandbox, e.g. the large company for benchmarks. */
  quickbooks?: Pick<QuickBooksSandboxOptions, "extraCompanies" | "throttle" | "dataNow" | "seed" | "latency">;
}

const LOCAL_CLIENT = { client_id: "recoup-local", client_secret: "recoup-local-secret" };

/** Sandbox ports: a default, and the variable that moves it. */
export const SANDBOX_PORTS = {
  mailSmtp: { variable: "SANDBOX_MAIL_SMTP_PORT", fallback: 1025, what: "the mail sandbox (SMTP)" },
  mailHttp: { variable: "SANDBOX_MAIL_HTTP_PORT", fallback: 8025, what: "the mail sandbox's inbox" },
  google: { variable: "SANDBOX_GOOGLE_PORT", fallback: 4010, what: "the Google sign-in sandbox" },
  quickbooks: { variable: "SANDBOX_QUICKBOOKS_PORT", fallback: 4020, what: "the QuickBooks sandbox" },
  stripe: { variable: "SANDBOX_STRIPE_PORT", fallback: 4030, what: "the Stripe sandbox" },
} as const;

/** A port already taken stops the start with one line naming the port and the variable to change. */
export function portInUseError(error: unknown, port: number, variable: string, what: string) {
  if ((error as NodeJS.ErrnoException)?.code !== "EADDRINUSE") return error;
  return new ConfigError(
    `Port ${port} is already in use (${what}). Stop what uses it, or set ${variable} to another port.`,
  );
}

/**
 * The one place that wires the local sandboxes in: with no credentials for an outside service,
 * its local stand-in (same protocol, on loopback) is started and the environment points at it.
 * `npm start`, the browser tests and the benchmarks all call this. Real credentials win.
 */
export async function wireLocalSandboxes(source: Env, options: WireOptions = {}): Promise<LocalSandboxes> {
  const env: Env = { ...source };
  const started: LocalSandboxes = { env, banner: [], close: async () => {} };
  // The sandboxes mint identities for any email typed in: never in production.
  if (env.NODE_ENV === "production") {
    started.banner.push("  local sandboxes: off (NODE_ENV=production)");
    return started;
  }
  const closers: (() => Promise<void>)[] = [];
  started.close = async () => {
    await Promise.all(closers.map((close) => close()));
  };
  const port = (key: keyof typeof SANDBOX_PORTS) => {
    const spec = SANDBOX_PORTS[key];
    if (options.freePorts) return 0;
    const raw = env[spec.variable];
    if (raw === undefined || raw === "") return spec.fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      throw new ConfigError(`Invalid environment configuration:\n  ${spec.variable}: must be a port number`);
    }
    return value;
  };
  /** Runs a start; a port in use names the one of `keys` it was (Node's error carries the port). */
  const start = async <T>(keys: (keyof typeof SANDBOX_PORTS)[], run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      await started.close();
      const busy = (error as { port?: number }).port;
      const key = keys.find((k) => port(k) === busy) ?? keys[0]!;
      const spec = SANDBOX_PORTS[key];
      throw portInUseError(error, port(key), spec.variable, spec.what);
    }
  };
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, "");

  if (!env.SMTP_URL) {
    // The inbox plays the customer: its Reply, Out of office and Bounce buttons post to the app.
    const inboundSecret = env.INBOUND_SECRET ?? randomBytes(24).toString("base64url");
    const mail = await start(["mailSmtp", "mailHttp"], () =>
      startMailSandbox({
        smtpPort: port("mailSmtp"),
        httpPort: port("mailHttp"),
        inbound: { url: `${appUrl}/v1/inbound/email`, secret: inboundSecret },
      }),
    );
    env.SMTP_URL = mail.smtpUrl;
    env.INBOUND_SECRET = inboundSecret;
    env.INBOUND_DOMAIN ??= "inbound.localhost";
    started.mail = mail;
    closers.push(() => mail.close());
    started.banner.push(`  mail inbox: ${mail.inboxUrl} (local SMTP sandbox on ${mail.smtpUrl})`);
  }
  if (!env.GOOGLE_CLIENT_ID) {
    const google = await start(["google"], () =>
      startGoogleSandbox({
        port: port("google"),
        clients: [{ ...LOCAL_CLIENT, redirect_uris: [`${appUrl}/callback/google`] }],
      }),
    );
    env.GOOGLE_CLIENT_ID = LOCAL_CLIENT.client_id;
    env.GOOGLE_CLIENT_SECRET = LOCAL_CLIENT.client_secret;
    env.GOOGLE_ISSUER = google.issuer;
    started.google = google;
    closers.push(() => google.close());
    started.banner.push(`  Google sign-in: local sandbox at ${google.issuer}`);
  }
  if (!env.INTUIT_CLIENT_ID) {
    // The sandbox's webhooks are signed with a verifier token made for this run.
    const verifierToken = env.QUICKBOOKS_WEBHOOK_TOKEN ?? randomBytes(24).toString("base64url");
    // QUICKBOOKS_SANDBOX_LATENCY=1: answers at Intuit's speed, with its 504s and 5xx (sandbox README).
    let latency: ReturnType<typeof latencyFromEnv>;
    try {
      latency = latencyFromEnv(env);
    } catch (error) {
      await started.close();
      throw new ConfigError(`Invalid environment configuration:\n  ${(error as Error).message}`);
    }
    const qb = await start(["quickbooks"], () =>
      startQuickBooksSandbox({
        port: port("quickbooks"),
        clients: [
          {
            ...LOCAL_CLIENT,
            redirect_uris: [`${appUrl}/callback/intuit`, `${appUrl}/callback/quickbooks`],
          },
        ],
        webhook: { url: `${appUrl}/v1/webhooks/quickbooks`, verifierToken },
        latency,
        ...options.quickbooks,
      }),
    );
    env.INTUIT_CLIENT_ID = LOCAL_CLIENT.client_id;
    env.INTUIT_CLIENT_SECRET = LOCAL_CLIENT.client_secret;
    env.INTUIT_DISCOVERY_URL = qb.discoveryUrl;
    env.QUICKBOOKS_API_URL = qb.accountingBaseUrl;
    env.QUICKBOOKS_APP_URL = `${qb.baseUrl}/`;
    env.QUICKBOOKS_WEBHOOK_TOKEN = verifierToken;
    started.quickbooks = qb;
    closers.push(() => qb.close());
    started.banner.push(
      `  Intuit sign-in and QuickBooks: local sandbox at ${qb.baseUrl}${latency ? ` (latency model at ${latency.scale}x Intuit's times)` : ""}`,
    );
  }
  if (!env.STRIPE_SECRET_KEY) {
    // Key and webhook secret are made for this run; each customer gets a test clock to move.
    const secretKey = `sk_test_${randomBytes(24).toString("base64url")}`;
    const webhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;
    const stripe = await start(["stripe"], () =>
      startStripeSandbox({
        port: port("stripe"),
        secretKey,
        webhook: { url: `${appUrl}/v1/webhooks/stripe`, secret: webhookSecret },
      }),
    );
    env.STRIPE_SECRET_KEY = secretKey;
    env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    env.STRIPE_API_URL = stripe.baseUrl;
    env.STRIPE_TEST_CLOCKS = "true";
    started.stripe = stripe;
    closers.push(() => stripe.close());
    started.banner.push(
      `  Stripe: local sandbox at ${stripe.baseUrl} (customers, portals and test clocks on its home page)`,
    );
  }
  return started;
}
