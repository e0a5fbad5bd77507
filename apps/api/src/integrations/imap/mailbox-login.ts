/**
 * How the reader logs in to a mailbox. One interface whatever the method: an app password today;
 * XOAUTH2 (Microsoft 365, Google Workspace without app passwords) joins it as another kind whose
 * `credentials()` fetches a fresh access token, and nothing else in the reader changes.
 */
export interface MailboxLogin {
  user: string;
  /** What IMAP's LOGIN/AUTHENTICATE needs now; called before every connection. */
  credentials(): Promise<{ pass: string } | { accessToken: string }>;
}

export const passwordLogin = (user: string, password: string): MailboxLogin => ({
  user,
  credentials: async () => ({ pass: password }),
});
