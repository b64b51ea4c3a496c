import { describe, expect, it } from "vitest";
import { deliveryProblem } from "./delivery-problem";

describe("deliveryProblem: a failed attempt in words, not codes", () => {
  it.each([
    ["delivered", { status_code: 200, error: null }, null],
    ["an HTTP error", { status_code: 503, error: "status_503" }, { key: "status", values: { code: 503 } }],
    ["an HTTP error named only in the error", { error: "status_500" }, { key: "status", values: { code: 500 } }],
    ["410 disables the endpoint", { status_code: 410, error: "status_410" }, { key: "gone" }],
    ["no answer in time", { status_code: null, error: "timeout" }, { key: "timeout" }],
    ["the wrong challenge", { status_code: 200, error: "challenge_mismatch" }, { key: "challenge" }],
    ["not JSON", { status_code: 200, error: "invalid_json_body" }, { key: "notJson" }],
    ["unreachable", { status_code: null, error: "connection_error: ECONNREFUSED" }, { key: "unreachable" }],
    [
      "something else",
      { status_code: null, error: "tls_handshake" },
      { key: "other", values: { detail: "tls_handshake" } },
    ],
  ])("%s", (_name, attempt, expected) => {
    expect(deliveryProblem(attempt)).toEqual(expected);
  });
});
