import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { type Database, openDatabase, PgliteThread } from "./internals.ts";

/**
 * The embedded database runs in a thread of its own (PgliteThread); the app talks to it through
 * drizzle as it did to PGlite in its own thread. What a caller sees must be the same: rows and
 * types, PostgreSQL's errors with their fields, transactions that commit or roll back, a close that
 * loses nothing already asked. On the PostgreSQL run there is no migrated PGlite template: skipped.
 */
const template = inject("pgliteTemplate");
describe.skipIf(!template)("the embedded database's thread", () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "recoup-thread-"));
    cpSync(template!, path.join(dir, "pglite"), { recursive: true });
    database = await openDatabase({ dataDir: dir, pgliteThread: true });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers rows as PGlite does: dates as PostgreSQL's text to drizzle, bytes as bytes", async () => {
    const picture = new Uint8Array([0, 1, 2, 250, 255]);
    const [row] = await database.db
      .insert(users)
      .values({ email: "thread@example.com", name: "Thread", profilePic: Buffer.from(picture) })
      .returning();
    expect(row!.createdAt).toBeInstanceOf(Date); // drizzle's own mapping of the text it got
    const raw = await database.db.execute(
      sql`select created_at, profile_pic from users where id = ${row!.id}`,
    );
    const [first] = (raw as unknown as { rows: { created_at: unknown; profile_pic: Uint8Array }[] }).rows;
    expect(typeof first!.created_at).toBe("string");
    expect([...first!.profile_pic]).toEqual([...picture]);
    // pg-boss's executor: PGlite's own parsers (a Date), and several statements without parameters.
    const { rows } = await database.executor.executeSql("select now() as at, 1 as one");
    expect((rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const last = await database.executor.executeSql("select 1 as a; select 2 as b");
    expect(last.rows).toEqual([{ b: 2 }]);
  });

  it("throws PostgreSQL's error with its fields (code, constraint) as the app reads them", async () => {
    await database.db.insert(users).values({ email: "twice@example.com", name: "Once" });
    const error = await database.db
      .insert(users)
      .values({ email: "twice@example.com", name: "Twice" })
      .then(
        () => undefined,
        (e: unknown) => e as { cause?: { code?: string; constraint?: string; message?: string } },
      );
    expect(error?.cause?.code).toBe("23505");
    expect(error?.cause?.constraint).toBe("users_email_unique");
    expect(error?.cause?.message).toMatch(/duplicate key/);
  });

  it("commits a transaction, rolls one back when its body throws, and nests savepoints", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: "kept@example.com", name: "Kept" });
      // An inner transaction (a savepoint) that fails leaves the outer one's work.
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values({ email: "inner@example.com", name: "Inner" });
          throw new Error("inner fails");
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: "dropped@example.com", name: "Dropped" });
        throw new Error("the body fails");
      }),
    ).rejects.toThrow("the body fails");
    const emails = async (email: string) =>
      (await database.db.select({ email: users.email }).from(users).where(eq(users.email, email))).length;
    expect(await emails("kept@example.com")).toBe(1);
    expect(await emails("inner@example.com")).toBe(0);
    expect(await emails("dropped@example.com")).toBe(0);
  });

  it("runs a statement sent while a transaction is open after it ends, as PGlite does", async () => {
    let outside: Promise<number> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: "during@example.com", name: "During" });
      outside = database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, "during@example.com"))
        .then((rows) => rows.length);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.update(users).set({ name: "Still during" }).where(eq(users.email, "during@example.com"));
    });
    expect(await outside).toBe(1);
  });
});

describe.skipIf(!template)("the embedded database's thread, closing", () => {
  it("answers what was asked before the close, and refuses what comes after", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "recoup-thread-close-"));
    cpSync(template!, path.join(dir, "pglite"), { recursive: true });
    const thread = await PgliteThread.open(path.join(dir, "pglite"));
    const asked = thread.query<{ n: number }>("select count(*)::int as n from generate_series(1, 200000)");
    const closed = thread.close();
    expect((await asked).rows).toEqual([{ n: 200000 }]);
    await closed;
    await expect(thread.query("select 1")).rejects.toThrow("PGlite is closed");
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets a transaction already open end first: one still running commits, one whose next statement is refused rolls back", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "recoup-thread-close-tx-"));
    cpSync(template!, path.join(dir, "pglite"), { recursive: true });
    const opened = () => PgliteThread.open(path.join(dir, "pglite"));
    const rows = async (thread: PgliteThread) =>
      (await thread.query<{ n: number }>("select n from closing order by n")).rows.map((r) => r.n);
    const gate = () => {
      let open = () => {};
      return { passed: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };

    let thread = await opened();
    await thread.exec("create table closing (n int)");
    const [first, firstInserted] = [gate(), gate()];
    const committed = thread.transaction(async (tx) => {
      await tx.query("insert into closing values (1)");
      firstInserted.open();
      await first.passed;
    });
    await firstInserted.passed;
    const closed = thread.close();
    first.open();
    await committed;
    await closed;

    thread = await opened();
    expect(await rows(thread)).toEqual([1]);
    const [second, secondInserted] = [gate(), gate()];
    const refused = thread.transaction(async (tx) => {
      await tx.query("insert into closing values (2)");
      secondInserted.open();
      await second.passed;
      await tx.query("insert into closing values (3)");
    });
    await secondInserted.passed;
    const closedAgain = thread.close();
    second.open();
    await expect(refused).rejects.toThrow("PGlite is closed");
    await closedAgain;

    thread = await opened();
    expect(await rows(thread)).toEqual([1]);
    await thread.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a parser that would change values: functions cannot cross to the thread", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "recoup-thread-parser-"));
    cpSync(template!, path.join(dir, "pglite"), { recursive: true });
    const thread = await PgliteThread.open(path.join(dir, "pglite"));
    expect(() => thread.query("select 1", [], { parsers: { 23: (value) => Number(value) * 2 } })).toThrow(
      /not the identity/,
    );
    await thread.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
