import { htmlPage } from "@recoup/sandbox-http";
import type { SampleCompany } from "../companies.ts";
import { escapeHtml as h } from "../http.ts";
import { displayName, type IntuitUser } from "../users.ts";
import { ACCOUNTING_SCOPE, SCOPES } from "./scopes.ts";

export interface ConsentView {
  requestId: string;
  clientName: string;
  scopes: string[];
  users: IntuitUser[];
  companies: SampleCompany[];
  companyName(realmId: string): string | undefined;
  error?: string;
}

export function layout(title: string, body: string): string {
  return htmlPage({
    title: `${title} | Intuit (sandbox)`,
    stylesheet: "/static/intuit.css",
    body: `<header class="brand"><span class="wordmark">intuit</span> <span class="product">QuickBooks</span> <span class="tag">sandbox</span></header>
<main class="card">
${body}
</main>
<p class="footnote">A local stand-in for Intuit sign-in and QuickBooks Online. No real Intuit account is used.</p>`,
  });
}

function userOption(user: IntuitUser, index: number, view: ConsentView): string {
  const company = user.defaultRealmId ? view.companyName(user.defaultRealmId) : undefined;
  return `<li><input type="radio" id="user-${index}" name="user" value="${h(user.sub)}"${index === 0 ? " checked" : ""}>
<label for="user-${index}"><span class="name">${h(displayName(user))}</span>
<span class="detail">${h(user.email)}${company ? ` · default company: ${h(company)}` : " · no default company"}</span></label></li>`;
}

function companyOption(company: SampleCompany, index: number): string {
  return `<li><input type="radio" id="company-${index}" name="realmId" value="${h(company.realmId)}" required${index === 0 ? " checked" : ""}>
<label for="company-${index}"><span class="name">${h(company.name)}</span>
<span class="detail">${h(company.country)} · ${h(company.currency)} · realm ${h(company.realmId)}</span></label></li>`;
}

export function consentPage(view: ConsentView): string {
  const accounting = view.scopes.includes(ACCOUNTING_SCOPE);
  const title = accounting
    ? `Connect ${view.clientName} to QuickBooks`
    : `Sign in to ${view.clientName} with Intuit`;
  const permissions = view.scopes.map((scope) => `<li>${h(SCOPES[scope] ?? scope)}</li>`).join("\n");
  const error = view.error ? `<p class="error" role="alert">${h(view.error)}</p>` : "";
  const companies = accounting
    ? `<fieldset>
<legend>Select a company</legend>
<ul class="options">${view.companies.map(companyOption).join("\n")}</ul>
</fieldset>`
    : "";
  return layout(
    title,
    `<h1>${h(title)}</h1>
${error}
<form method="post" action="/connect/oauth2">
<input type="hidden" name="request" value="${h(view.requestId)}">
<fieldset>
<legend>Sign in as</legend>
<ul class="options">${view.users.map((u, i) => userOption(u, i, view)).join("\n")}</ul>
<div class="other">
<label for="email">Or use another email (creates a test identity)</label>
<input id="email" name="email" type="email" autocomplete="email">
<label for="name">Name <span class="optional">(optional)</span></label>
<input id="name" name="name" type="text" autocomplete="name">
</div>
</fieldset>
${companies}
<h2>${h(view.clientName)} will be able to:</h2>
<ul class="permissions">${permissions}</ul>
<div class="actions">
<button type="submit" name="action" value="allow" class="primary">${accounting ? "Connect" : "Sign in"}</button>
<button type="submit" name="action" value="deny" class="secondary" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${h(title)}</h1><p role="alert">${h(message)}</p>`);
}

export const INTUIT_CSS = `
:root { color-scheme: light; font-family: "Avenir Next", Avenir, "Helvetica Neue", Arial, sans-serif; color: #393a3d; }
* { box-sizing: border-box; }
body { margin: 0; background: #f4f5f8; min-height: 100vh; display: flex; flex-direction: column; align-items: center; padding: 0 1rem 2rem; }
.brand { width: 100%; max-width: 34rem; padding: 1.5rem 0 1rem; display: flex; align-items: baseline; gap: .5rem; }
.wordmark { color: #236cff; font-weight: 700; font-size: 1.6rem; letter-spacing: -.5px; }
.product { color: #2ca01c; font-weight: 600; font-size: 1.1rem; }
.tag { font-size: .75rem; color: #6b6c72; border: 1px solid #babec5; border-radius: 4px; padding: 0 .3rem; }
.card { width: 100%; max-width: 34rem; background: #fff; border-radius: 8px; padding: 2rem; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
h1 { font-size: 1.5rem; margin: 0 0 1.25rem; font-weight: 600; }
h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
fieldset { border: 1px solid #dcdde1; border-radius: 6px; margin: 0 0 1rem; padding: .75rem 1rem 1rem; }
legend { font-weight: 600; padding: 0 .4rem; }
.options { list-style: none; margin: 0; padding: 0; }
.options li { display: flex; align-items: flex-start; gap: .6rem; padding: .5rem 0; border-bottom: 1px solid #eceef1; }
.options li:last-child { border-bottom: 0; }
.options input { margin-top: .3rem; accent-color: #2ca01c; }
.options label { display: flex; flex-direction: column; cursor: pointer; }
.name { font-weight: 600; }
.detail { font-size: .85rem; color: #6b6c72; }
.other { margin-top: .75rem; }
.other label, .pay label { display: block; font-size: .875rem; margin: .5rem 0 .25rem; }
.optional { color: #6b6c72; }
.other input, .pay input { width: 100%; font: inherit; padding: .55rem .6rem; border: 1px solid #8d9096; border-radius: 4px; }
.pay input[aria-invalid="true"] { border-color: #d52b1e; border-width: 2px; }
.pay .row { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0 1rem; } .pay .row > div { flex: 1 1 8rem; }
.pay button.primary { width: 100%; margin-top: .5rem; background: #108000; border-color: #108000; }
.summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr)); gap: .75rem 1rem; margin: 1rem 0 1.5rem; }
.summary dt { font-size: .85rem; color: #6b6c72; } .summary dd { margin: .15rem 0 0; font-weight: 600; font-size: 1.1rem; }
.notice { padding: .75rem 1rem; border-radius: 6px; background: #eceef1; }
.notice.ok { background: #e6f4e4; color: #0b5200; font-weight: 600; }
@media (max-width: 30rem) { .card { padding: 1.25rem; } }
.permissions { margin: 0; padding-left: 1.25rem; } .permissions li { margin: .3rem 0; }
/* The primary button comes first in the form, so Enter in a field connects rather than cancels. */
.actions { display: flex; flex-direction: row-reverse; justify-content: flex-start; gap: .75rem; margin-top: 1.5rem; }
button { font: inherit; font-weight: 600; padding: .6rem 1.4rem; border-radius: 4px; cursor: pointer; }
button.primary { background: #2ca01c; border: 1px solid #2ca01c; color: #fff; }
button.primary:hover { background: #108000; }
button.secondary { background: #fff; border: 1px solid #8d9096; color: #393a3d; }
:focus-visible { outline: 2px solid #236cff; outline-offset: 2px; }
.error { color: #d52b1e; font-weight: 600; }
.footnote { color: #6b6c72; font-size: .8rem; margin-top: 1rem; }
.companies { width: 100%; border-collapse: collapse; font-size: .85rem; overflow-x: auto; display: block; }
.companies th, .companies td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #eceef1; white-space: nowrap; }
`;
