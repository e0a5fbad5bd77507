/**
 * A throwaway IMAP server for tests: Debian's Dovecot started from its binary with a config of its
 * own in a temporary folder (as pg-server.ts starts PostgreSQL), installed by
 * `scripts/install-dovecot.sh` when missing. See ../../../docs/decisions/0020-imap-mailbox.md.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ImapFlow } from "imapflow";
import { until } from "./kit/until.ts";
import { freePort } from "./net.ts";

const DOVECOT = "/usr/sbin/dovecot";
const DOVEADM = "/usr/bin/doveadm";
const installScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../scripts/install-dovecot.sh",
);

export interface DovecotServer {
  host: string;
  port: number;
  /** Whether `port` speaks TLS from the first byte (with the certificate given). */
  tls: boolean;
  /** Every user's password (users are `name@example.test`). */
  password: string;
  /** A client logged in as `user`, kept open until stop. */
  client(user: string): Promise<ImapFlow>;
  /** Delivers a message as a server delivers one: APPEND to the folder; answers its UID. */
  append(
    user: string,
    raw: Buffer | string | Promise<Buffer>,
    opts?: { folder?: string; date?: Date },
  ): Promise<number>;
  /**
   * Puts many messages straight into the user's maildir (far faster than APPEND), each with its
   * arrival date; they get their UIDs when a client next opens the folder.
   */
  fill(user: string, messages: { raw: Buffer | string; date: Date }[]): void;
  /** Gives the folder a new UIDVALIDITY (its messages are numbered anew), as a server rebuild does. */
  renumber(user: string, folder?: string): Promise<void>;
  log(): string;
  stop(): Promise<void>;
}

export interface DovecotOptions {
  users: string[];
  /** A TLS-only server with this certificate and key (PEM files). */
  tls?: { cert: string; key: string };
  /** The port to listen on (default: a free one). */
  port?: number;
}

const PASSWORD = "app-password-0123";

/** Dovecot's login process refuses root: run its processes as the package's users. */
function accounts() {
  if (process.getuid?.() !== 0) {
    const me = userInfo().username;
    return { login: me, internal: me, group: me, mailUid: process.getuid?.(), mailGid: process.getgid?.() };
  }
  const id = (flag: string, name: string) => Number(execFileSync("id", [flag, name]).toString().trim());
  return {
    login: "dovenull",
    internal: "dovecot",
    group: "dovecot",
    mailUid: id("-u", "dovecot"),
    mailGid: id("-g", "dovecot"),
  };
}

export function ensureDovecot() {
  if (existsSync(DOVECOT)) return;
  execFileSync("bash", [installScript], { stdio: "inherit" });
}

/** A self-signed certificate for `localhost` (what a test's "untrusted certificate" is). */
export function selfSignedCertificate(dir: string) {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=localhost",
      "-days",
      "2",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

let unique = 0;

export async function startDovecot(opts: DovecotOptions): Promise<DovecotServer> {
  ensureDovecot();
  const dir = mkdtempSync(path.join(tmpdir(), "recoup-dovecot-"));
  chmodSync(dir, 0o755);
  const who = accounts();
  const mail = path.join(dir, "mail");
  for (const sub of ["run", "state", "mail", "home"]) mkdirSync(path.join(dir, sub), { recursive: true });
  for (const sub of ["mail", "home"]) chownSync(path.join(dir, sub), who.mailUid!, who.mailGid!);
  // Read by Dovecot's auth process as its own user, whatever this process's umask.
  const users = path.join(dir, "users");
  writeFileSync(users, opts.users.map((u) => `${u}:{PLAIN}${PASSWORD}\n`).join(""));
  chmodSync(users, 0o644);
  const port = opts.port ?? (await freePort());
  const tls = opts.tls;
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = recoup-test-${process.pid}-${unique++}
protocols = imap
listen = 127.0.0.1
ssl = ${tls ? "required" : "no"}
${tls ? `ssl_cert = <${tls.cert}\nssl_key = <${tls.key}` : ""}
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once (Dovecot's next login from the address still waits its penalty).
auth_failure_delay = 0
mail_location = maildir:${mail}/%u
first_valid_uid = 1
default_login_user = ${who.login}
default_internal_user = ${who.internal}
default_internal_group = ${who.group}
mail_max_userip_connections = 100
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${who.mailUid} gid=${who.mailGid} home=${dir}/home/%u
}
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  inet_listener imap {
    port = ${tls ? 0 : port}
  }
  inet_listener imaps {
    port = ${tls ? port : 0}
    ssl = ${tls ? "yes" : "no"}
  }
}
`;
  const confPath = path.join(dir, "dovecot.conf");
  writeFileSync(confPath, conf);
  const child: ChildProcess = spawn(DOVECOT, ["-c", confPath, "-F"], { stdio: "ignore" });
  const logText = () =>
    existsSync(path.join(dir, "dovecot.log")) ? readFileSync(path.join(dir, "dovecot.log"), "utf8") : "";
  let lastProbe: unknown;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`dovecot exited: ${logText()}`);
      const probe = new ImapFlow({
        host: "127.0.0.1",
        port,
        secure: Boolean(tls),
        tls: { rejectUnauthorized: false },
        auth: { user: opts.users[0]!, pass: PASSWORD },
        logger: false,
      });
      probe.on("error", () => {});
      try {
        await probe.connect();
        await probe.logout();
        return true;
      } catch (error) {
        probe.close();
        lastProbe = error;
        return false;
      }
    },
    20_000,
    { what: "Dovecot up", intervalMs: 100 },
  ).catch((error) => {
    child.kill("SIGKILL");
    throw new Error(`${error.message}: ${String(lastProbe)}\n${logText()}`);
  });
  const clients = new Map<string, ImapFlow>();
  const client = async (user: string) => {
    const open = clients.get(user);
    if (open?.usable) return open;
    const c = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: Boolean(tls),
      tls: { rejectUnauthorized: false },
      auth: { user, pass: PASSWORD },
      logger: false,
      disableAutoIdle: true,
    });
    c.on("error", () => {});
    await c.connect();
    clients.set(user, c);
    return c;
  };
  const maildir = (user: string) => path.join(mail, user);
  return {
    host: "127.0.0.1",
    port,
    tls: Boolean(tls),
    password: PASSWORD,
    client,
    async append(user, raw, o = {}) {
      const c = await client(user);
      const done = await c.append(o.folder ?? "INBOX", await raw, [], o.date);
      const uid = done ? done.uid : undefined;
      if (!uid) throw new Error("APPEND answered no UID");
      return uid;
    },
    fill(user, messages) {
      const cur = path.join(maildir(user), "cur");
      for (const sub of ["cur", "new", "tmp"]) mkdirSync(path.join(maildir(user), sub), { recursive: true });
      messages.forEach((m, i) => {
        const seconds = Math.floor(m.date.getTime() / 1000);
        const file = path.join(cur, `${seconds}.M${i}P${process.pid}.recoup-test:2,S`);
        writeFileSync(file, m.raw);
        // Dovecot takes a maildir file's mtime as the message's arrival (INTERNALDATE).
        utimesSync(file, seconds, seconds);
      });
      execFileSync("chown", ["-R", `${who.mailUid}:${who.mailGid}`, maildir(user)]);
    },
    async renumber(user, folder = "INBOX") {
      const next = Math.floor(Date.now() / 1000) + unique++;
      execFileSync(DOVEADM, [
        "-c",
        confPath,
        "mailbox",
        "update",
        "-u",
        user,
        "--uid-validity",
        String(next),
        folder,
      ]);
    },
    log: logText,
    async stop() {
      for (const c of clients.values()) await c.logout().catch(() => c.close());
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
