import { describe, expect, it } from "vitest";
import { BAR_CHART, barChartGeometry, compactAmount, LINE_CHART, lineChartGeometry, valueAxis } from "./report-charts";

const datum = (key: string, value: bigint) => ({ key, label: key, value, valueText: `${value}`, title: key });

describe("compact amounts", () => {
  it("keeps three significant figures with K and M", () => {
    expect(compactAmount(0n)).toBe("0");
    expect(compactAmount(95_000n)).toBe("950");
    expect(compactAmount(99_950n)).toBe("1K");
    expect(compactAmount(4_560_000n)).toBe("45.6K");
    expect(compactAmount(25_000_000n)).toBe("250K");
    expect(compactAmount(123_456_789n)).toBe("1.23M");
    expect(compactAmount(1_200_000_000n)).toBe("12M");
  });
});

describe("bar chart geometry", () => {
  it("draws the largest value across the width and the others in proportion, from the start", () => {
    const { height, bars } = barChartGeometry([datum("a", 400n), datum("b", 100n), datum("c", 0n)]);
    expect(height).toBe(3 * BAR_CHART.rowHeight);
    expect(bars.map((b) => [b.x, b.width])).toEqual([
      [0, 100],
      [0, 25],
      [0, 0],
    ]);
    expect(bars.map((b) => [b.textY, b.barY])).toEqual([
      [15, 21],
      [59, 65],
      [103, 109],
    ]);
    expect(bars[0]).toMatchObject({ labelX: 0, valueX: 100 });
  });

  it("keeps a sliver for a value far below the largest", () => {
    expect(barChartGeometry([datum("a", 1_000_000n), datum("b", 1n)]).bars[1]!.width).toBe(0.5);
  });

  it("mirrors for a right-to-left page: bars grow from the right, labels start there", () => {
    const { bars } = barChartGeometry([datum("a", 400n), datum("b", 100n)], "rtl");
    expect(bars.map((b) => [b.x, b.width])).toEqual([
      [0, 100],
      [75, 25],
    ]);
    expect(bars[1]).toMatchObject({ labelX: 100, valueX: 0 });
  });

  it("has room for a line saying there is nothing when there are no rows", () => {
    expect(barChartGeometry([]).height).toBe(BAR_CHART.rowHeight);
  });
});

describe("value axis", () => {
  it("rounds the top up to a whole number of 1, 2, 2.5 or 5 steps", () => {
    expect(valueAxis(950_000n)).toEqual({ topFils: 1_000_000n, stepFils: 250_000n });
    expect(valueAxis(12_345_600n)).toEqual({ topFils: 15_000_000n, stepFils: 5_000_000n });
    expect(valueAxis(100n)).toEqual({ topFils: 100n, stepFils: 100n });
    expect(valueAxis(0n)).toEqual({ topFils: 100n, stepFils: 100n });
  });
});

describe("line chart geometry", () => {
  const months = ["Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026"];
  const series = (values: bigint[]) => ({ key: "s", label: "s", values, titles: values.map(String) });

  it("puts each month in the middle of its share of the width and the values on the axis", () => {
    const chart = lineChartGeometry(months, [series([0n, 100_000n, 200_000n, 400_000n])]);
    const [line] = chart.series;
    expect(line!.markers.map((m) => m.x)).toEqual([12.5, 37.5, 62.5, 87.5]);
    expect(line!.markers.map((m) => m.y)).toEqual([
      LINE_CHART.bottom,
      LINE_CHART.bottom - 42.5,
      LINE_CHART.bottom - 85,
      LINE_CHART.top,
    ]);
    expect(line!.points).toBe("125,192 375,149.5 625,107 875,22");
    expect(chart.ticks.map((t) => t.label)).toEqual(["0", "1K", "2K", "3K", "4K"]);
    expect(chart.ticks[0]!.y).toBe(LINE_CHART.bottom);
    expect(chart.ticks.at(-1)!.y).toBe(LINE_CHART.top);
  });

  it("labels at most three months, the first from the start edge, the last (when labelled) to the end edge", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `M${i + 1}`);
    const chart = lineChartGeometry(twelve, [series(twelve.map(() => 1n))]);
    expect(chart.xLabels).toEqual([
      { x: 0, label: "M1", anchor: "start" },
      { x: 37.5, label: "M5", anchor: "middle" },
      { x: 70.83, label: "M9", anchor: "middle" },
    ]);
    const three = lineChartGeometry(months.slice(0, 3), [series([1n, 1n, 1n])]);
    expect(three.xLabels.map((l) => [l.x, l.anchor])).toEqual([
      [0, "start"],
      [50, "middle"],
      [100, "end"],
    ]);
  });

  it("mirrors for a right-to-left page: the first month at the right", () => {
    const chart = lineChartGeometry(months, [series([1n, 2n, 3n, 4n])], "rtl");
    expect(chart.series[0]!.markers.map((m) => m.x)).toEqual([87.5, 62.5, 37.5, 12.5]);
    expect(chart.xLabels[0]).toEqual({ x: 100, label: "Jan 2026", anchor: "start" });
    expect(chart.tickX).toBe(100);
  });

  it("centres a single month", () => {
    const chart = lineChartGeometry(["Jan 2026"], [series([5n])]);
    expect(chart.series[0]!.markers[0]!.x).toBe(50);
    expect(chart.xLabels).toEqual([{ x: 50, label: "Jan 2026", anchor: "middle" }]);
  });
});
