import { escapeHtml as h, htmlPage } from "@recoup/sandbox-http";
import type { GoogleAccount } from "./accounts.ts";

const LOGO = `<p class="logo" aria-hidden="true"><span class="b">G</span><span class="r">o</span><span class="y">o</span><span class="b">g</span><span class="g">l</span><span class="r">e</span> <span class="tag">sandbox</span></p>`;

function layout(title: string, body: string): string {
  return htmlPage({
    title: `${title} - Google Accounts (sandbox)`,
    stylesheet: "/static/sandbox.css",
    body: `<main class="card">
${LOGO}
${body}
</main>
<p class="footnote">A local stand-in for Google sign-in. No real Google account is used.</p>`,
  });
}

function avatar(account: GoogleAccount): string {
  return `<img class="avatar" src="${h(account.picture)}" alt="" width="32" height="32">`;
}

export interface ChooserView {
  uid: string;
  clientName: string;
  accounts: GoogleAccount[];
  loginHint?: string | undefined;
  error?: string | undefined;
}

export function chooserPage(view: ChooserView): string {
  const base = `/interaction/${encodeURIComponent(view.uid)}`;
  const accounts = view.accounts
    .map(
      (account) => `<li><button type="submit" name="account" value="${h(account.sub)}" class="account">
${avatar(account)}<span class="who"><span class="name">${h(account.name)}</span><span class="email">${h(account.email)}</span></span>
${account.email_verified ? "" : '<span class="badge">email not verified</span>'}
</button></li>`,
    )
    .join("\n");
  const error = view.error ? `<p class="error" role="alert" id="email-error">${h(view.error)}</p>` : "";
  return layout(
    "Choose an account",
    `<h1>Choose an account</h1>
<p class="sub">to continue to <strong>${h(view.clientName)}</strong></p>
<form method="post" action="${base}/login" aria-label="Test accounts">
<ul class="accounts">${accounts}</ul>
</form>
<form method="post" action="${base}/login" class="other" aria-labelledby="other-heading">
<h2 id="other-heading">Use another account</h2>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${h(view.loginHint ?? "")}"${view.error ? ' aria-invalid="true" aria-describedby="email-error"' : ""}>
${error}
<label for="name">Name <span class="optional">(optional)</span></label>
<input id="name" name="name" type="text" autocomplete="name">
<button type="submit" class="primary">Next</button>
</form>
<form method="post" action="${base}/abort" class="cancel">
<button type="submit" class="link">Cancel</button>
</form>`,
  );
}

const SCOPE_TEXT: Record<string, string> = {
  openid: "Associate you with your personal info on Google",
  profile: "See your personal info, including any personal info you've made publicly available",
  email: "See your primary Google Account email address",
};

export interface ConsentView {
  uid: string;
  clientName: string;
  account: GoogleAccount;
  scopes: string[];
}

export function consentPage(view: ConsentView): string {
  const base = `/interaction/${encodeURIComponent(view.uid)}`;
  const items = view.scopes.map((scope) => `<li>${h(SCOPE_TEXT[scope] ?? scope)}</li>`).join("\n");
  return layout(
    `${view.clientName} wants access`,
    `<h1>${h(view.clientName)} wants to access your Google Account</h1>
<p class="chip">${avatar(view.account)}<span>${h(view.account.email)}</span></p>
<h2 class="small">This will allow ${h(view.clientName)} to:</h2>
<ul class="scopes">${items}</ul>
<p class="fine">Make sure you trust ${h(view.clientName)}. You may be sharing sensitive info with this site or app.</p>
<div class="actions">
<form method="post" action="${base}/abort"><button type="submit" class="secondary">Cancel</button></form>
<form method="post" action="${base}/confirm"><button type="submit" class="primary">Allow</button></form>
</div>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${h(title)}</h1><p class="sub">${h(message)}</p>`);
}

export const SANDBOX_CSS = `
:root { color-scheme: light; font-family: Roboto, Arial, "Helvetica Neue", sans-serif; color: #202124; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; align-items: center;
  justify-content: center; background: #f0f4f9; padding: 1.5rem; }
.card { width: 100%; max-width: 28rem; background: #fff; border-radius: 28px; padding: 2.25rem 2.5rem; }
.logo { font-size: 1.5rem; margin: 0 0 1rem; font-weight: 500; letter-spacing: -.5px; }
.logo .b { color: #4285f4; } .logo .r { color: #ea4335; } .logo .y { color: #fbbc05; } .logo .g { color: #34a853; }
.logo .tag { font-size: .8rem; color: #5f6368; letter-spacing: 0; border: 1px solid #dadce0; border-radius: 4px; padding: 0 .3rem; vertical-align: middle; }
h1 { font-size: 1.75rem; font-weight: 400; margin: 0 0 .5rem; line-height: 1.25; }
h2 { font-size: 1rem; font-weight: 500; margin: 1.5rem 0 .75rem; }
h2.small { font-size: .95rem; }
.sub { margin: 0 0 1.5rem; color: #444746; }
.accounts { list-style: none; margin: 0; padding: 0; border-top: 1px solid #e3e3e3; }
.accounts li { border-bottom: 1px solid #e3e3e3; }
.account { display: flex; align-items: center; gap: .9rem; width: 100%; padding: .8rem .5rem; border: 0;
  background: none; font: inherit; text-align: left; cursor: pointer; color: inherit; }
.account:hover, .account:focus-visible { background: #f1f3f4; }
.avatar { border-radius: 50%; flex: none; }
.who { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.name { font-weight: 500; }
.email { color: #5f6368; font-size: .875rem; overflow: hidden; text-overflow: ellipsis; }
.badge { font-size: .75rem; color: #b3261e; border: 1px solid #f2b8b5; border-radius: 10px; padding: .05rem .5rem; white-space: nowrap; }
.other label { display: block; font-size: .875rem; margin: .75rem 0 .25rem; color: #444746; }
.optional { color: #5f6368; }
.other input { width: 100%; font: inherit; padding: .75rem; border: 1px solid #747775; border-radius: 4px; }
.other input:focus { outline: 2px solid #0b57d0; border-color: #0b57d0; }
.other .primary { margin-top: 1rem; }
.error { color: #b3261e; font-size: .875rem; margin: .25rem 0 0; }
button.primary, button.secondary { font: inherit; font-weight: 500; padding: .6rem 1.5rem; border-radius: 20px; cursor: pointer; }
button.primary { background: #0b57d0; color: #fff; border: 1px solid #0b57d0; }
button.primary:hover { background: #0842a0; }
button.secondary { background: #fff; color: #0b57d0; border: 1px solid #747775; }
button.link { font: inherit; background: none; border: 0; color: #0b57d0; padding: .5rem 0; cursor: pointer; font-weight: 500; }
:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
.cancel { margin-top: 1rem; }
.chip { display: inline-flex; align-items: center; gap: .5rem; border: 1px solid #dadce0; border-radius: 16px;
  padding: .2rem .75rem .2rem .2rem; margin: .5rem 0 0; font-size: .9rem; }
.chip .avatar { width: 24px; height: 24px; }
.scopes { padding-left: 1.25rem; margin: 0; } .scopes li { margin: .5rem 0; }
.fine { color: #444746; font-size: .85rem; margin: 1.25rem 0; }
.actions { display: flex; justify-content: flex-end; gap: .75rem; }
.footnote { color: #5f6368; font-size: .8rem; margin-top: 1rem; }
`;
