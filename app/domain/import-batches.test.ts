import { describe, expect, it } from "vitest";
import { clientBatchRows } from "./import-batches";

describe("clientBatchRows", () => {
  it("writes a small file 400 rows at a time, so its progress still moves", () => {
    expect(clientBatchRows(1)).toBe(400);
    expect(clientBatchRows(1_501)).toBe(400);
    expect(clientBatchRows(2_000)).toBe(400);
  });

  it("writes a fifth of a middling file at a time", () => {
    expect(clientBatchRows(4_500)).toBe(900);
    expect(clientBatchRows(7_001)).toBe(1_401);
  });

  it("writes a big file 5,000 rows at a time", () => {
    expect(clientBatchRows(10_000)).toBe(2_000);
    expect(clientBatchRows(25_000)).toBe(5_000);
    expect(clientBatchRows(100_000)).toBe(5_000);
  });
});
