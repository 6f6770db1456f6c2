import type { Fils } from "./money";

/**
 * The sales report's charts as geometry (docs/decisions/018-sales-report.md): the server draws them
 * as inline SVG, so they read without JavaScript. Horizontal positions are percentages of the
 * chart's width, so a chart fills its card on a 360 px phone and a desktop alike while its text
 * stays the page's size. SVG has no logical x, so each position is worked out from the inline start
 * and mirrored for a right-to-left page; text is anchored "start"/"end", which SVG reads in the
 * text's direction.
 */

export type InlineDirection = "ltr" | "rtl";

/** A box's left edge in percent, from its offset along the inline axis and its size. */
function leftEdge(inlineOffset: number, size: number, dir: InlineDirection): number {
  return dir === "ltr" ? inlineOffset : 100 - inlineOffset - size;
}

/** A point's distance from the left edge in percent, from its offset along the inline axis. */
function leftOf(inlineOffset: number, dir: InlineDirection): number {
  return dir === "ltr" ? inlineOffset : 100 - inlineOffset;
}

/** Hundredths of a percent, so positions are exact to the pixel on any screen without float sums. */
function percentOf(value: bigint, max: bigint): number {
  if (max <= 0n || value <= 0n) return 0;
  return Number((value * 10_000n) / max) / 100;
}

/** "1.23M", "45.6K", "950": three significant figures of an AED amount, for axes and bar ends. */
export function compactAmount(fils: Fils): string {
  const aed = Number(fils) / 100;
  const [scaled, suffix] = aed >= 999_500 ? [aed / 1_000_000, "M"] : aed >= 999.5 ? [aed / 1_000, "K"] : [aed, ""];
  const text = scaled >= 100 || suffix === "" ? Math.round(scaled).toString() : scaled.toPrecision(3);
  return `${text.includes(".") ? text.replace(/\.?0+$/, "") : text}${suffix}`;
}

// Bar chart: one row per group, its label and value on a line, the bar under them.
export const BAR_CHART = { rowHeight: 44, textBaseline: 15, barTop: 21, barHeight: 14 } as const;

export type BarDatum = { key: string; label: string; value: bigint; valueText: string; title: string };
export type BarGeometry = {
  key: string;
  label: string;
  valueText: string;
  title: string;
  textY: number;
  barY: number;
  /** The bar's left edge and width, in percent of the chart's width. */
  x: number;
  width: number;
  /** Where the label (anchored "start") and the value (anchored "end") stand, in percent. */
  labelX: number;
  valueX: number;
};
export type BarChartGeometry = { height: number; barHeight: number; bars: BarGeometry[] };

/**
 * Horizontal bars, longest for the largest value, each starting at the inline start. A value
 * above nothing keeps a sliver (half a percent) so it does not read as none.
 */
export function barChartGeometry(data: readonly BarDatum[], dir: InlineDirection = "ltr"): BarChartGeometry {
  const max = data.reduce((m, d) => (d.value > m ? d.value : m), 0n);
  return {
    height: Math.max(1, data.length) * BAR_CHART.rowHeight,
    barHeight: BAR_CHART.barHeight,
    bars: data.map((d, i) => {
      const width = d.value > 0n ? Math.max(0.5, percentOf(d.value, max)) : 0;
      const top = i * BAR_CHART.rowHeight;
      return {
        key: d.key,
        label: d.label,
        valueText: d.valueText,
        title: d.title,
        textY: top + BAR_CHART.textBaseline,
        barY: top + BAR_CHART.barTop,
        x: leftEdge(0, width, dir),
        width,
        labelX: leftOf(0, dir),
        valueX: leftOf(100, dir),
      };
    }),
  };
}

const TARGET_INTERVALS = 4n;

/** Axis steps: 1, 2, 2.5 or 5 times a power of ten, in whole AED. */
function roundSteps(power: bigint): bigint[] {
  return [power, 2n * power, ...(power >= 10n ? [(25n * power) / 10n] : []), 5n * power, 10n * power];
}

/**
 * A value axis from 0 to a round top at or above the largest value, in about four equal steps; at least
 * AED 1 so a period without sales still has an axis.
 */
export function valueAxis(maxFils: Fils): { topFils: Fils; stepFils: Fils } {
  const maxAed = maxFils <= 0n ? 1n : (maxFils + 99n) / 100n;
  const rough = (maxAed + TARGET_INTERVALS - 1n) / TARGET_INTERVALS;
  let power = 1n;
  while (power * 10n <= rough) power *= 10n;
  const step = roundSteps(power).find((s) => s >= rough)!;
  const top = ((maxAed + step - 1n) / step) * step;
  return { topFils: top * 100n, stepFils: step * 100n };
}

// Line chart: the plot between `top` and `bottom`, month labels under it. The lines are drawn in a
// nested SVG whose x runs 0..VIEW_WIDTH and stretches to the chart's width (its strokes do not).
export const LINE_CHART = { height: 224, top: 22, bottom: 192, labelBaseline: 214, viewWidth: 1000 } as const;
/**
 * At most this many month labels under the line: "Sep 2026" is about 55 px and a phone's chart
 * about 300 px wide, and the first label runs from the edge rather than centring on its point.
 */
export const MAX_X_LABELS = 3;

export type LineSeriesInput = { key: string; label: string; values: readonly bigint[]; titles: readonly string[] };
export type LineChartGeometry = {
  height: number;
  viewWidth: number;
  /** The month labels' baseline. */
  labelY: number;
  /** Where the gridlines' labels start (anchored "start"), in percent. */
  tickX: number;
  ticks: { y: number; label: string }[];
  series: {
    key: string;
    label: string;
    /** The polyline's points in the nested SVG's units: x in 0..viewWidth, y as in the chart. */
    points: string;
    /** Each point in percent of the chart's width (x) and the chart's units (y), with its title. */
    markers: { x: number; y: number; title: string }[];
  }[];
  xLabels: { x: number; label: string; anchor: "start" | "middle" | "end" }[];
};

/**
 * Lines over the same categories (the period's months): each category in the middle of its
 * equal share of the width, values from the bottom of the plot up to the axis's round top, gridline
 * labels above their lines at the inline start, and every n-th category labelled (the first from the
 * start edge and a labelled last one up to the end edge, so neither runs off the chart).
 */
export function lineChartGeometry(
  categories: readonly string[],
  series: readonly LineSeriesInput[],
  dir: InlineDirection = "ltr",
): LineChartGeometry {
  const n = categories.length;
  const max = series.flatMap((s) => s.values).reduce((m, v) => (v > m ? v : m), 0n);
  const { topFils, stepFils } = valueAxis(max);
  const plotHeight = LINE_CHART.bottom - LINE_CHART.top;
  const yOf = (value: bigint) => round2(LINE_CHART.bottom - (percentOf(value, topFils) / 100) * plotHeight);
  const xOf = (i: number) => round2(leftOf(((i + 0.5) / n) * 100, dir));
  const ticks = [];
  for (let value = 0n; value <= topFils; value += stepFils) ticks.push({ y: yOf(value), label: compactAmount(value) });
  const every = Math.max(1, Math.ceil(n / MAX_X_LABELS));
  const xLabels = categories.flatMap((label, i): LineChartGeometry["xLabels"] => {
    if (i % every !== 0) return [];
    if (n === 1) return [{ x: leftOf(50, dir), label, anchor: "middle" }];
    if (i === 0) return [{ x: leftOf(0, dir), label, anchor: "start" }];
    if (i === n - 1) return [{ x: leftOf(100, dir), label, anchor: "end" }];
    return [{ x: xOf(i), label, anchor: "middle" }];
  });
  return {
    height: LINE_CHART.height,
    viewWidth: LINE_CHART.viewWidth,
    labelY: LINE_CHART.labelBaseline,
    tickX: leftOf(0, dir),
    ticks,
    series: series.map((s) => {
      const markers = s.values.map((value, i) => ({ x: xOf(i), y: yOf(value), title: s.titles[i] ?? "" }));
      return {
        key: s.key,
        label: s.label,
        points: markers.map((m) => `${round2((m.x / 100) * LINE_CHART.viewWidth)},${round2(m.y)}`).join(" "),
        markers,
      };
    }),
    xLabels,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
