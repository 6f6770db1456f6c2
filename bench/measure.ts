// Timing helpers for npm run bench: warm up, run many times, report median / p95 / max.
export type Measurement = {
  name: string;
  /** "×": a ratio to the operation's floor (the least work that gives the same answer). */
  unit: "ms" | "×";
  median: number;
  p95: number;
  max: number;
  runs: number;
  target?: number;
  extra?: Record<string, number | string>;
};

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function measure(
  name: string,
  run: () => Promise<unknown>,
  options: { runs?: number; warmup?: number; target?: number; before?: () => Promise<unknown> } = {},
): Promise<Measurement> {
  const { runs = 20, warmup = 3, target, before } = options;
  // Untimed: what each run must follow (a write, so kept answers are read again). Warm-up runs follow
  // it too, or they would warm a kept answer rather than the work measured.
  for (let i = 0; i < warmup; i++) {
    await before?.();
    await run();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  const m = measurementOf(name, times, target);
  report(m);
  return m;
}

/** Times (ms) already taken, as one figure: their median, p95 and max. */
export function measurementOf(
  name: string,
  times: readonly number[],
  target?: number,
  extra?: Measurement["extra"],
): Measurement {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    unit: "ms",
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1)!,
    runs: sorted.length,
    target,
    extra,
  };
}

const fmt = (n: number, unit: Measurement["unit"]) =>
  (unit === "×" ? `${n.toFixed(2)}×` : n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(8);

export function verdict(m: Pick<Measurement, "median" | "target">): string {
  if (m.target === undefined) return "";
  return m.median <= m.target ? "ok" : "OVER";
}

/** A figure measured once (an import, an export, a job run in its own process): its value is median, p95 and max. */
export function once(name: string, value: number, target?: number, extra?: Measurement["extra"]): Measurement {
  return measurementOf(name, [value], target, extra);
}

/** How many times its floor an operation takes (medians, and p95s, divided); `target` is the largest ratio allowed. */
export function ratioToFloor(name: string, measured: Measurement, floor: Measurement, target: number): Measurement {
  const m: Measurement = {
    name,
    unit: "×",
    median: measured.median / floor.median,
    p95: measured.p95 / floor.p95,
    max: measured.max / floor.max,
    runs: measured.runs,
    target,
    extra: { ms: +measured.median.toFixed(1), floorMs: +floor.median.toFixed(1) },
  };
  report(m);
  return m;
}

export function report(m: Measurement) {
  const limit = m.unit === "×" ? `target ≤ ${m.target}×` : `target < ${m.target} ms`;
  const target = m.target === undefined ? "".padStart(16) : limit.padStart(16);
  const extra = m.extra
    ? "  " +
      Object.entries(m.extra)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")
    : "";
  console.log(
    `${m.name.padEnd(52)} median ${fmt(m.median, m.unit)}  p95 ${fmt(m.p95, m.unit)}  max ${fmt(m.max, m.unit)}  ${target} ${verdict(m).padEnd(4)}${extra}`,
  );
}
