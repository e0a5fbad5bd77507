import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";

const config = loadConfig();
const database = await openDatabase(config);
console.log(`Migrations applied (${database.kind}).`);
await database.close();
