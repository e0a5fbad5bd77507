import { MAX_DISPUTE_MESSAGE_LENGTH } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { suggestedDispute } from "@/features/communications/utils/suggestion";

const reply = (replyText: string) => ({ id: "r1", replyText });

describe("the dispute a reply's suggestion records", () => {
  it("is 'already paid' for a paid suggestion and 'other' for a dispute, in the reply's own words", () => {
    const paid = { kind: "paid", emailId: "r1", text: "Looks like it is already paid" } as const;
    expect(suggestedDispute(paid, [reply("  We paid this last week.\n")])).toEqual({
      reason: "already_paid",
      message: "We paid this last week.",
    });
    const dispute = { kind: "dispute", emailId: "r1", text: "Looks like a dispute" } as const;
    expect(suggestedDispute(dispute, [reply("The amount is wrong.")]).reason).toBe("other");
  });

  it("is cut to the longest message a dispute keeps", () => {
    const long = "x".repeat(MAX_DISPUTE_MESSAGE_LENGTH + 50);
    const { message } = suggestedDispute({ kind: "dispute", emailId: "r1", text: "" }, [reply(long)]);
    expect(message).toHaveLength(MAX_DISPUTE_MESSAGE_LENGTH);
  });

  it("is the suggestion's sentence when the reply has no words of its own", () => {
    const s = { kind: "dispute", emailId: "r1", text: "Looks like a dispute" } as const;
    expect(suggestedDispute(s, [reply("  \n")]).message).toBe("Looks like a dispute");
    expect(suggestedDispute(s, []).message).toBe("Looks like a dispute");
  });
});
