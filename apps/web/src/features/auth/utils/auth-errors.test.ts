import { authMessages, errorCodes } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { ApiError } from "@/lib/http";

import {
  loginErrorOutcome,
  resetErrorMessage,
  sendResetErrorMessage,
  signupErrorMessage,
} from "./auth-errors";
import { resolveAuthMode } from "./auth-mode";

describe("login errors", () => {
  it("reads a 401 as the spec's login failure", () => {
    expect(loginErrorOutcome(new ApiError(401, errorCodes.invalidCredentials, "nope"))).toEqual({
      message: authMessages.loginFailed,
      needsVerification: false,
    });
  });
  it("shows the API's message and the verify panel for an unverified email", () => {
    const outcome = loginErrorOutcome(
      new ApiError(403, errorCodes.emailNotVerified, authMessages.emailNotVerified),
    );
    expect(outcome).toEqual({ message: authMessages.emailNotVerified, needsVerification: true });
  });
  it("shows the API's message when rate limited", () => {
    expect(loginErrorOutcome(new ApiError(429, errorCodes.rateLimited, "Slow down")).message).toBe(
      "Slow down",
    );
  });
  it("reads a network failure as a login failure", () => {
    expect(loginErrorOutcome(new TypeError("fetch failed")).message).toBe(authMessages.loginFailed);
  });
});

describe("signup, forgot and reset errors", () => {
  it("passes validation and common-password messages through", () => {
    expect(signupErrorMessage(new ApiError(400, errorCodes.passwordTooCommon, "too common"))).toBe(
      "too common",
    );
    expect(signupErrorMessage(new ApiError(400, errorCodes.validation, "bad email"))).toBe("bad email");
    expect(signupErrorMessage(new ApiError(500, errorCodes.internal, "boom"))).toBe(
      authMessages.signupFailed,
    );
  });
  it("keeps the spec's reset-code failure unless rate limited", () => {
    expect(sendResetErrorMessage(new ApiError(500, "X", "boom"))).toBe(authMessages.sendResetFailed);
    expect(sendResetErrorMessage(new ApiError(429, errorCodes.rateLimited, "wait"))).toBe("wait");
  });
  it("shows an invalid code's message on reset", () => {
    expect(resetErrorMessage(new ApiError(400, errorCodes.invalidCode, "Invalid code"))).toBe("Invalid code");
    expect(resetErrorMessage(new ApiError(500, "X", "boom"))).toBe(authMessages.resetFailed);
  });
});

describe("auth mode", () => {
  it("lets the path force the form, else reads ?mode", () => {
    expect(resolveAuthMode("signup", "login")).toBe("signup");
    expect(resolveAuthMode("forgot", null)).toBe("forgot");
    expect(resolveAuthMode(undefined, "signup")).toBe("signup");
    expect(resolveAuthMode(undefined, "login")).toBe("login");
    expect(resolveAuthMode(undefined, "weird")).toBe("login");
  });
});
