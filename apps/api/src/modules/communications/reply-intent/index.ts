export { readReply } from "./read-reply.ts";
export type { DisputeReason, ReplyClock, ReplyIntent } from "./reply-intent.ts";
