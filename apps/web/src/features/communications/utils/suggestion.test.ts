import { MAX_DISPUTE_MESSAGE_LENGTH } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { suggestedDispute } from "@/features/communications/utils/suggestion";

const reply = (replyText: string) => ({ id: "r1", replyText });

describe("the dispute a reply's suggestion records", () => {
  it("has the reason as read ('already paid' for a paid one, else 'other'), in the reply's own words", () => {
    const paid = {
      kind: "paid",
      reason: null,
      emailId: "r1",
      text: "Looks like it is already paid",
    } as const;
    expect(suggestedDispute(paid, [reply("  We paid this last week.\n")])).toEqual({
      reason: "already_paid",
      message: "We paid this last week.",
    });
    const dispute = { kind: "dispute", reason: null, emailId: "r1", text: "Looks like a dispute" } as const;
    expect(suggestedDispute(dispute, [reply("Something is off.")]).reason).toBe("other");
    const read = { ...dispute, reason: "wrong_amount" } as const;
    expect(suggestedDispute(read, [reply("The amount is wrong.")]).reason).toBe("wrong_amount");
  });

  it("is cut to the longest message a dispute keeps", () => {
    const long = "x".repeat(MAX_DISPUTE_MESSAGE_LENGTH + 50);
    const { message } = suggestedDispute({ kind: "dispute", reason: null, emailId: "r1", text: "" }, [
      reply(long),
    ]);
    expect(message).toHaveLength(MAX_DISPUTE_MESSAGE_LENGTH);
  });

  it("is the suggestion's sentence when the reply has no words of its own", () => {
    const s = { kind: "dispute", reason: null, emailId: "r1", text: "Looks like a dispute" } as const;
    expect(suggestedDispute(s, [reply("  \n")]).message).toBe("Looks like a dispute");
    expect(suggestedDispute(s, []).message).toBe("Looks like a dispute");
  });
});
