import { startGoogleSandbox } from "@recoup/sandbox-google";
import { startMailSandbox } from "@recoup/sandbox-mail";
import { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";

export interface LocalSandboxes {
  banner: string[];
  close(): Promise<void>;
}

const LOCAL_CLIENT = { client_id: "recoup-local", client_secret: "recoup-local-secret" };

/**
 * With no credentials for an outside service, `npm start` runs its local stand-in, which speaks
 * the same protocol, and points the app at it. Real credentials in the environment win.
 */
export async function startLocalSandboxes(env: NodeJS.ProcessEnv): Promise<LocalSandboxes> {
  const closers: (() => Promise<void>)[] = [];
  // The sandboxes mint identities for any email typed in: never in production.
  if (env.NODE_ENV === "production")
    return { banner: ["  local sandboxes: off (NODE_ENV=production)"], close: async () => {} };
  const banner: string[] = [];
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, "");

  if (!env.SMTP_URL) {
    const mail = await startMailSandbox({});
    env.SMTP_URL = mail.smtpUrl;
    closers.push(() => mail.close());
    banner.push(`  mail inbox: ${mail.inboxUrl} (local SMTP sandbox on ${mail.smtpUrl})`);
  }
  if (!env.GOOGLE_CLIENT_ID) {
    const google = await startGoogleSandbox({
      clients: [{ ...LOCAL_CLIENT, redirect_uris: [`${appUrl}/callback/google`] }],
    });
    env.GOOGLE_CLIENT_ID = LOCAL_CLIENT.client_id;
    env.GOOGLE_CLIENT_SECRET = LOCAL_CLIENT.client_secret;
    env.GOOGLE_ISSUER = google.issuer;
    closers.push(() => google.close());
    banner.push(`  Google sign-in: local sandbox at ${google.issuer}`);
  }
  if (!env.INTUIT_CLIENT_ID) {
    const qb = await startQuickBooksSandbox({
      clients: [
        { ...LOCAL_CLIENT, redirect_uris: [`${appUrl}/callback/intuit`, `${appUrl}/callback/quickbooks`] },
      ],
    });
    env.INTUIT_CLIENT_ID = LOCAL_CLIENT.client_id;
    env.INTUIT_CLIENT_SECRET = LOCAL_CLIENT.client_secret;
    env.INTUIT_DISCOVERY_URL = qb.discoveryUrl;
    closers.push(() => qb.close());
    banner.push(`  Intuit sign-in and QuickBooks: local sandbox at ${qb.baseUrl}`);
  }
  return {
    banner,
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}
