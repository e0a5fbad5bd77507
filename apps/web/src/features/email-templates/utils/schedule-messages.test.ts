import { describe, expect, it } from "vitest";

import { changeDetails, refusalText } from "@/features/email-templates/utils/schedule-messages";
import { ApiError } from "@/lib/http";

describe("schedule messages", () => {
  it("shows the server's reason, naming the stage and field of an invalid value", () => {
    const own = new ApiError(400, "BAD_REQUEST", "Stage 2: another stage falls on the same day.");
    expect(refusalText(own, "x")).toBe("Stage 2: another stage falls on the same day.");
    const invalid = new ApiError(400, "VALIDATION", "Too big", [
      { path: "stages.0.timing.days", message: "Too big: expected number to be <=90" },
    ]);
    expect(refusalText(invalid, "x")).toBe("Stage 1, days: Too big: expected number to be <=90");
    const name = new ApiError(400, "VALIDATION", "Too small", [{ path: "name", message: "Too small" }]);
    expect(refusalText(name, "x")).toBe("Name: Too small");
    expect(refusalText(new ApiError(500, "INTERNAL", "boom"), "Failed.")).toBe("Failed.");
    expect(refusalText(new Error("offline"), "Failed.")).toBe("Failed.");
  });

  it("says what an edit changed", () => {
    expect(
      changeDetails({
        action: "updated",
        fields: {
          name: { before: "Firm", after: "Firmer" },
          stages: { before: [1], after: [1, 2] },
          isDefault: { before: false, after: true },
        },
      }),
    ).toBe('renamed from "Firm" to "Firmer"; stages changed (1 to 2); made the default');
    expect(
      changeDetails({ action: "created", fields: { name: { before: null, after: "Firm" } } }),
    ).toBeNull();
  });
});
