import { area, line } from 'd3-shape';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { CardTitle } from '../../ui/Card.tsx';
import { MutedText } from '../../ui/text.ts';
import { fontSize, space } from '../../ui/tokens.ts';
import { useId } from '../../ui/ids.tsx';

export interface ChartSeries {
  /** Already translated. */
  label: string;
  color: string;
  values: readonly number[];
}

interface HourlyChartProps {
  /** Already translated. */
  title: string;
  description: string;
  /** ISO times of the hour buckets, oldest first; one value per hour in every series. */
  hours: readonly string[];
  series: readonly ChartSeries[];
}

const WIDTH = 640;
const HEIGHT = 200;
/** Up to this many hours each point gets a dot too (a single hour has no line to draw). */
const MAX_MARKED_POINTS = 48;
const PADDING = { top: 12, right: 12, bottom: 24, left: 40 };

/**
 * A line chart of per-hour counts, drawn as SVG paths by d3-shape. Screen readers get a summary
 * of each series as the image's description, and everyone can open the same numbers as a table.
 */
export function HourlyChart({ title, description, hours, series }: HourlyChartProps) {
  const { t, language } = useTranslation('pages');
  const id = useId();
  const number = new Intl.NumberFormat(language);
  const hourFormat = new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const peak = Math.max(1, ...series.flatMap((one) => one.values));
  const innerWidth = WIDTH - PADDING.left - PADDING.right;
  const innerHeight = HEIGHT - PADDING.top - PADDING.bottom;
  const x = (index: number) =>
    PADDING.left + (hours.length <= 1 ? innerWidth / 2 : (index / (hours.length - 1)) * innerWidth);
  const y = (value: number) => PADDING.top + innerHeight - (value / peak) * innerHeight;
  const path = line<number>()
    .x((_, index) => x(index))
    .y(y);
  const fill = area<number>()
    .x((_, index) => x(index))
    .y0(y(0))
    .y1(y);
  const summary = series
    .map((one) =>
      t('analytics.charts.seriesSummary', {
        label: one.label,
        total: number.format(one.values.reduce((sum, value) => sum + value, 0)),
        peak: number.format(Math.max(0, ...one.values)),
      }),
    )
    .join(' ');

  return (
    <figure aria-labelledby={`${id}-title`}>
      <CardTitle id={`${id}-title`}>{title}</CardTitle>
      <MutedText>{description}</MutedText>
      <Legend>
        {series.map((one) => (
          <li key={one.label}>
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" rx="3" fill={one.color} />
            </svg>
            {one.label}
          </li>
        ))}
      </Legend>
      <Svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        <desc id={`${id}-summary`}>{summary}</desc>
        <line x1={PADDING.left} x2={WIDTH - PADDING.right} y1={y(0)} y2={y(0)} className="axis" />
        <line
          x1={PADDING.left}
          x2={WIDTH - PADDING.right}
          y1={y(peak)}
          y2={y(peak)}
          className="grid"
        />
        <text x={PADDING.left - 6} y={y(peak) + 4} textAnchor="end">
          {number.format(peak)}
        </text>
        <text x={PADDING.left - 6} y={y(0) + 4} textAnchor="end">
          0
        </text>
        {series.map((one) => (
          <g key={one.label}>
            <path d={fill(one.values as number[]) ?? ''} fill={one.color} opacity={0.12} />
            <path
              d={path(one.values as number[]) ?? ''}
              stroke={one.color}
              fill="none"
              strokeWidth={2}
            />
            {hours.length <= MAX_MARKED_POINTS
              ? one.values.map((value, index) => (
                  <circle key={hours[index]} cx={x(index)} cy={y(value)} r={3} fill={one.color} />
                ))
              : null}
          </g>
        ))}
        {hours.length > 0 ? (
          <>
            <text x={PADDING.left} y={HEIGHT - 6} textAnchor="start">
              {hourFormat.format(new Date(hours[0]!))}
            </text>
            <text x={WIDTH - PADDING.right} y={HEIGHT - 6} textAnchor="end">
              {hourFormat.format(new Date(hours.at(-1)!))}
            </text>
          </>
        ) : null}
      </Svg>
      <details>
        <summary>{t('analytics.charts.showTable')}</summary>
        <TableScroll label={title}>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analytics.charts.hour')}</th>
                {series.map((one) => (
                  <th scope="col" key={one.label}>
                    {one.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hours.map((hour, index) => (
                <tr key={hour}>
                  <th scope="row">{hourFormat.format(new Date(hour))}</th>
                  {series.map((one) => (
                    <td key={one.label}>{number.format(one.values[index] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[4]};
  margin-block: ${space[2]};
  padding: 0;
  list-style: none;
  font-size: ${fontSize.md};
  color: ${({ theme }) => theme.color.textMuted};

  li {
    display: inline-flex;
    align-items: center;
    gap: ${space[1.5]};
  }
`;

const Svg = styled.svg`
  display: block;
  inline-size: 100%;
  block-size: auto;
  margin-block: ${space[2]};

  text {
    font-size: ${fontSize.xs};
    fill: ${({ theme }) => theme.color.textMuted};
  }
  .axis {
    stroke: ${({ theme }) => theme.color.borderStrong};
  }
  .grid {
    stroke: ${({ theme }) => theme.color.border};
    stroke-dasharray: 4 4;
  }
`;

/**
 * A table that scrolls inside its card: focusable and named (the table's title), so that someone
 * using the keyboard alone can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollBox role="region" aria-label={label} tabIndex={0}>
      {children}
    </ScrollBox>
  );
}

const ScrollBox = styled.div`
  max-block-size: 320px;
  overflow: auto;
  margin-block-start: ${space[2]};

  table {
    inline-size: 100%;
    border-collapse: collapse;
    font-size: ${fontSize.md};
  }
  caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: ${space[1]};
  }
  th,
  td {
    padding-block: ${space[1]};
    padding-inline: ${space[2]};
    text-align: end;
    border-block-end: 1px solid ${({ theme }) => theme.color.border};
  }
  th:first-child {
    text-align: start;
  }
`;
