import { htmlPage } from "@recoup/sandbox-http";

export const STYLESHEET_PATH = "/assets/sandbox.css";

export function layout(title: string, body: string): string {
  return htmlPage({
    title: `${title} | Stripe (sandbox)`,
    stylesheet: STYLESHEET_PATH,
    body: `<header class="brand"><span class="wordmark">stripe</span> <span class="tag">sandbox · test mode</span></header>
<main>
${body}
</main>
<p class="footnote">A local stand-in for Stripe. No real payment is made and no card data leaves this machine.</p>`,
  });
}

export const STYLESHEET = `
:root { color-scheme: light; --ink: #1a1f36; --muted: #596171; --line: #e3e8ee; --accent: #635bff; --bad: #b3093c; --good: #0e6245; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f6f9fc; }
.brand { padding: 14px 24px; background: #fff; border-bottom: 1px solid var(--line); }
.wordmark { font-weight: 700; font-size: 20px; color: var(--accent); letter-spacing: -0.5px; }
.tag { margin-left: 8px; padding: 2px 8px; border-radius: 10px; background: #fff3d6; color: #8a5a00; font-size: 13px; }
main { max-width: 760px; margin: 24px auto; padding: 0 16px; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; margin: 16px 0; }
h1 { font-size: 26px; margin: 8px 0; }
h2 { font-size: 18px; margin: 0 0 12px; }
h3 { font-size: 16px; margin: 0 0 4px; }
.muted { color: var(--muted); }
.back { display: inline-block; margin-bottom: 8px; color: var(--accent); text-decoration: none; font-weight: 600; }
.back:hover, .back:focus { text-decoration: underline; }
.notice { padding: 10px 14px; border-radius: 6px; margin: 12px 0; }
.notice.ok { background: #cbf4c9; color: var(--good); }
.notice.error { background: #ffe7f2; color: var(--bad); font-weight: 600; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 13px; background: #e3e8ee; }
.badge.trialing, .badge.active, .badge.paid { background: #cbf4c9; color: var(--good); }
.badge.past_due, .badge.unpaid, .badge.open, .badge.incomplete { background: #ffe7f2; color: var(--bad); }
.subscription { border-top: 1px solid var(--line); padding-top: 12px; margin-top: 12px; }
.subscription:first-of-type { border-top: 0; padding-top: 0; margin-top: 0; }
form { margin: 8px 0; }
fieldset { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
legend { font-weight: 600; padding: 0 4px; }
label { display: block; font-weight: 600; margin: 8px 0 2px; }
.choice label { display: inline; font-weight: 400; margin: 0 0 0 4px; }
.choice { margin: 4px 0; }
input[type=text] { width: 100%; max-width: 320px; padding: 8px 10px; border: 1px solid #c1c9d2; border-radius: 6px; font: inherit; }
input[aria-invalid=true] { border-color: var(--bad); }
.row { display: flex; gap: 12px; flex-wrap: wrap; }
.row > div { flex: 1 1 120px; }
button { margin-top: 10px; padding: 8px 14px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: #fff; color: var(--ink); border: 1px solid #c1c9d2; }
button.danger { background: #fff; color: var(--bad); border: 1px solid var(--bad); }
button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
.inline { display: inline-block; margin-right: 8px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); }
.hint { font-size: 14px; color: var(--muted); }
code { background: #f0f3f7; padding: 1px 4px; border-radius: 4px; }
.footnote { text-align: center; color: var(--muted); font-size: 13px; margin: 24px; }
`;
