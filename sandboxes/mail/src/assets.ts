/** Static assets of the web inbox, served from the sandbox itself so the CSP needs no inline code. */

export const INBOX_CSS = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --accent: #0969da;
  --bg: #f6f8fa; --sel: #ddf4ff; --danger: #cf222e; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); font-size: 15px; line-height: 1.45; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.top { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .75rem 1.25rem;
  background: #fff; border-bottom: 1px solid var(--line); }
.top h1 { font-size: 1.15rem; margin: 0 auto 0 0; }
.top h1 a { color: inherit; text-decoration: none; }
.filter { display: flex; gap: .5rem; align-items: center; }
.filter label { color: var(--muted); }
input[type=search] { font: inherit; padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 6px; min-width: 16rem; }
button { font: inherit; padding: .35rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: #f6f8fa; cursor: pointer; }
button:hover { background: #eef1f4; }
button.danger { color: var(--danger); }
.layout { display: grid; grid-template-columns: minmax(18rem, 26rem) 1fr; min-height: calc(100vh - 3.5rem); }
.list { background: #fff; border-right: 1px solid var(--line); overflow-y: auto; position: sticky; top: 0;
  align-self: start; height: 100vh; }
.list h2 { font-size: .95rem; margin: 0; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
.count { color: var(--muted); font-weight: normal; }
.messages { list-style: none; margin: 0; padding: 0; }
.messages a { display: block; padding: .6rem 1rem; border-bottom: 1px solid var(--line); color: inherit; text-decoration: none; }
.messages a:hover { background: var(--bg); }
.messages a[aria-current=page] { background: var(--sel); box-shadow: inset 3px 0 0 var(--accent); }
.row { display: flex; justify-content: space-between; gap: .5rem; }
.from { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.row time, .to { color: var(--muted); font-size: .85rem; white-space: nowrap; }
.subject, .to { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.empty, .none { color: var(--muted); padding: 0 1rem; }
.reader { padding: 1.25rem 1.5rem; overflow-x: auto; }
.reader h2 { margin: 0 0 .75rem; font-size: 1.3rem; }
.reader h3 { font-size: .95rem; margin: 1.25rem 0 .5rem; color: var(--muted); }
.empty-reader { display: grid; place-items: center; color: var(--muted); }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; word-break: break-word; }
.links { font-size: .9rem; }
.body-frame { width: 100%; height: 60vh; min-height: 20rem; border: 1px solid var(--line); border-radius: 6px;
  background: #fff; resize: vertical; }
.text-body { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line);
  border-radius: 6px; padding: 1rem; font-size: .9rem; }
.none { padding: 0; }
.badge { display: inline-block; font-size: .75rem; font-weight: 600; padding: 0 .4rem; border-radius: 1rem;
  background: #fff8c5; border: 1px solid #d4a72c; color: #7d4e00; vertical-align: .05rem; }
.actions { margin: 1rem 0; padding: .75rem 1rem; background: #fff; border: 1px solid var(--line); border-radius: 6px; }
.actions h3 { margin-top: 0; }
.actions form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; }
.actions label { color: var(--muted); }
.actions textarea { font: inherit; flex: 1 1 20rem; padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 6px; }
.actions input, .actions select { font: inherit; padding: .3rem .4rem; border: 1px solid var(--line); border-radius: 6px; }
.notice { margin: .5rem 0 0; padding: .5rem .75rem; border-radius: 6px; background: #dafbe1; border: 1px solid #4ac26b; }
.notice.error { background: #ffebe9; border-color: #ff8182; }
.generated { padding: .5rem .75rem; border-radius: 6px; background: #fff8c5; border: 1px solid #d4a72c; }
.answers { padding-left: 1.25rem; }
.notfound { padding: 2rem; }
@media (max-width: 760px) { .layout { grid-template-columns: 1fr; } .list { position: static; height: auto; max-height: 40vh; border-right: 0; } }
`;

/** Shows times in the reader's time zone and reloads when new mail arrives (page visible only). */
export const INBOX_JS = `
(function () {
  for (const el of document.querySelectorAll("time[datetime]")) {
    const d = new Date(el.getAttribute("datetime"));
    if (!Number.isNaN(d.getTime())) { el.title = el.textContent; el.textContent = d.toLocaleString(); }
  }
  let latest;
  async function poll() {
    if (document.visibilityState !== "visible") return;
    try {
      const res = await fetch("/api/status", { cache: "no-store" });
      const status = await res.json();
      if (latest !== undefined && status.latestId !== latest) location.reload();
      latest = status.latestId;
    } catch {}
  }
  poll();
  setInterval(poll, 3000);
})();
`;
