import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BarChartSection, LineChartSection } from "~/domain/sales-report-view";

/**
 * The sales report's charts, drawn from geometry worked out on the server (app/domain/report-charts.ts):
 * plain SVG that reads without JavaScript. Each is one image to assistive technology, named by its
 * title and described by a sentence; the table under it has every figure. Horizontal positions
 * are percentages, so a chart fits its card at any width while its text keeps the page's size.
 */

function ChartFrame({
  section,
  height,
  children,
}: {
  section: BarChartSection | LineChartSection;
  height: number;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      width="100%"
      height={height}
      className="block overflow-visible text-[13px]"
      data-testid={`chart-${section.groupBy}`}
    >
      <title id={`${id}-title`}>{section.title}</title>
      <desc id={`${id}-desc`}>{section.description}</desc>
      {children}
    </svg>
  );
}

/** A bar per group, its label and compact total on the line above it; hover gives the exact figure. */
export function BarChart({ section }: { section: BarChartSection }) {
  const { t } = useTranslation();
  const { chart } = section;
  return (
    <ChartFrame section={section} height={chart.height}>
      {chart.bars.length === 0 ? (
        <text x="50%" y={chart.height / 2} textAnchor="middle" className="fill-gray-500">
          {t("reports:chart.noSales")}
        </text>
      ) : null}
      {chart.bars.map((bar) => (
        <g key={bar.key} data-key={bar.key}>
          <title>{bar.title}</title>
          <text x={`${bar.labelX}%`} y={bar.textY} textAnchor="start" className="fill-gray-800">
            {bar.label}
          </text>
          <text x={`${bar.valueX}%`} y={bar.textY} textAnchor="end" className="fill-gray-600 tabular-nums">
            {bar.valueText}
          </text>
          <rect x="0" y={bar.barY} width="100%" height={chart.barHeight} rx="3" className="fill-gray-100" />
          <rect
            x={`${bar.x}%`}
            y={bar.barY}
            width={`${bar.width}%`}
            height={chart.barHeight}
            rx="3"
            className="fill-brand-600"
          />
        </g>
      ))}
    </ChartFrame>
  );
}

const LINE_STYLES: Record<string, { line: string; marker: string; dash?: string }> = {
  current: { line: "stroke-brand-700", marker: "fill-brand-700" },
  lastYear: { line: "stroke-gray-400", marker: "fill-gray-400", dash: "6 4" },
};

/** The period's months as a line, the same months a year earlier dashed beside it. */
export function LineChart({ section }: { section: LineChartSection }) {
  const { chart } = section;
  return (
    <ChartFrame section={section} height={chart.height}>
      {chart.ticks.map((tick) => (
        <g key={tick.label}>
          <line x1="0" x2="100%" y1={tick.y} y2={tick.y} className="stroke-gray-200" />
          <text x={`${chart.tickX}%`} y={tick.y - 4} textAnchor="start" className="fill-gray-500 text-[11px]">
            {tick.label}
          </text>
        </g>
      ))}
      {/* The lines stretch with the chart's width; their strokes keep their thickness. */}
      <svg
        width="100%"
        height={chart.height}
        viewBox={`0 0 ${chart.viewWidth} ${chart.height}`}
        preserveAspectRatio="none"
        aria-hidden
      >
        {/* This period's line and points last, so they are drawn over last year's. */}
        {[...chart.series].reverse().map((series) => (
          <polyline
            key={series.key}
            points={series.points}
            fill="none"
            strokeWidth="2"
            strokeDasharray={LINE_STYLES[series.key]?.dash}
            vectorEffect="non-scaling-stroke"
            className={LINE_STYLES[series.key]?.line}
          />
        ))}
      </svg>
      {[...chart.series].reverse().map((series) =>
        series.markers.map((marker, i) => (
          <circle
            key={`${series.key}-${i}`}
            cx={`${marker.x}%`}
            cy={marker.y}
            r="3.5"
            className={LINE_STYLES[series.key]?.marker}
          >
            <title>{marker.title}</title>
          </circle>
        )),
      )}
      {chart.xLabels.map((label) => (
        <text
          key={label.label}
          x={`${label.x}%`}
          y={chart.labelY}
          textAnchor={label.anchor}
          className="fill-gray-600 text-[12px]"
        >
          {label.label}
        </text>
      ))}
    </ChartFrame>
  );
}

/** The line chart's key: which line is which, drawn as they are. */
export function LineLegend({ section }: { section: LineChartSection }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
      {section.legend.map((entry) => (
        <li key={entry.key} className="flex items-center gap-2">
          <svg width="24" height="8" aria-hidden>
            <line
              x1="0"
              x2="24"
              y1="4"
              y2="4"
              strokeWidth="2"
              strokeDasharray={LINE_STYLES[entry.key]?.dash}
              className={LINE_STYLES[entry.key]?.line}
            />
          </svg>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
