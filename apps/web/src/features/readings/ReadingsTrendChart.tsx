import type { ReadingKind } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import { LINE_CHART_PLUGINS, LinePlot, MarkPlot, type LineChartPluginSignatures } from '@mui/x-charts/LineChart';
import { useId, type ReactNode } from 'react';
import { visuallyHidden } from '../../lib/visually-hidden';
import { BAND_EDGE, BAND_FILL, RangeBand, useRootFontSize } from '../results/ResultTrendChart';
import { CHART_TARGETS, dayOf, type ChartPoint } from './readings-format';

/** The hospital's points: a darker orange than the home line's blue, and squares where home has circles. */
const HOSPITAL_COLOUR = '#B54708';

/** The words a chart needs, in the reader's namespace (the patient's or the staff's). */
export interface ReadingsChartTexts {
  home: string;
  hospital: string;
  /** Under the chart: what the green lines or band are; null for weight. */
  target: string | null;
  caption: string;
  when: string;
  where: string;
  reading: string;
  /** A point's values with their unit ("150/95 มม.ปรอท"). */
  values: (point: ChartPoint) => string;
  /** A point's day and time for the table. */
  time: (point: ChartPoint) => string;
  /** An axis tick's day, on two lines. */
  tick: (at: number) => string;
  /** The flag in words, for the table; '' when none. */
  flag: (point: ChartPoint) => string;
}

/** Target lines (blood pressure's 135 and 85) dashed green across the chart. */
function TargetLines({ values }: { values: number[] }) {
  const { left, width } = useDrawingArea();
  const y = useYScale<'linear'>();
  return (
    <g>
      {values.map((value) => {
        const py = y(value);
        return py === undefined ? null : (
          <line
            key={value}
            x1={left}
            x2={left + width}
            y1={py}
            y2={py}
            stroke={BAND_EDGE}
            strokeWidth={2}
            strokeDasharray="8 5"
          />
        );
      })}
    </g>
  );
}

/** A legend entry: the shape drawn on the chart and its words (never the colour alone). */
function LegendEntry({
  shape,
  colour,
  dashed,
  children,
}: {
  shape: 'circle' | 'square';
  colour: string;
  dashed: boolean;
  children: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box component="svg" aria-hidden viewBox="0 0 40 20" sx={{ width: '2.5rem', height: '1.25rem', flexShrink: 0 }}>
        <line
          x1={2}
          x2={38}
          y1={10}
          y2={10}
          stroke={colour}
          strokeWidth={3}
          strokeDasharray={dashed ? '6 4' : undefined}
        />
        {shape === 'circle' ? (
          <circle cx={20} cy={10} r={6} fill="#fff" stroke={colour} strokeWidth={3} />
        ) : (
          <rect x={14} y={4} width={12} height={12} fill={colour} stroke={colour} strokeWidth={2} />
        )}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Stack>
  );
}

const DAY_MS = 86_400_000;
/** At most this many dates under the chart: more would crowd a phone's width. */
const MOST_TICKS = 3;

/**
 * The dates under the chart: noon of the days measured (each date once, however many readings it had), the first and
 * the last always, evenly chosen between them.
 */
function dayTicks(points: ChartPoint[]): Date[] {
  const days = [...new Set(points.map((p) => dayOf(p.at)))].sort();
  const noons = days.map((day) => new Date(`${day}T12:00:00+07:00`));
  if (noons.length <= MOST_TICKS) return noons;
  const step = (noons.length - 1) / (MOST_TICKS - 1);
  return Array.from({ length: MOST_TICKS }, (_, i) => noons[Math.round(i * step)]);
}

/** The value axis: the points and the target's ends, with some room above and below. */
function domainOf(points: ChartPoint[], kind: ReadingKind): { min: number; max: number } {
  const target = CHART_TARGETS[kind];
  const marks = target === null ? [] : 'lines' in target ? target.lines : target.band;
  const all = [...points.flatMap((p) => p.values), ...marks].filter((v) => Number.isFinite(v));
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const pad = hi > lo ? (hi - lo) * 0.12 : Math.max(Math.abs(hi) * 0.1, 1);
  return { min: Math.max(0, Math.floor(lo - pad)), max: Math.ceil(hi + pad) };
}

export interface ReadingsTrendChartProps {
  kind: ReadingKind;
  /** Home and hospital points, oldest first, one or more. */
  points: ChartPoint[];
  texts: ReadingsChartTexts;
  /** Values are written with this many decimals on the axis. */
  formatAxis: (value: number) => string;
}

/**
 * A kind's home readings beside the hospital's on one time axis: home as a solid line with circles, the hospital as a
 * dashed line with squares, the legend naming each by its shape and words. Blood pressure draws both numbers (upper
 * and lower). The chart is a picture only: a table under it, read by screen readers, has every point.
 */
export function ReadingsTrendChart({ kind, points, texts, formatAxis }: ReadingsTrendChartProps) {
  const theme = useTheme();
  const rem = useRootFontSize();
  const captionId = useId();
  const homeColour = theme.palette.primary.dark;
  const times = [...new Set(points.map((p) => p.at))].sort((a, b) => a - b);
  const parts = kind === 'blood_pressure' ? [0, 1] : [0];
  const sources = (['home', 'hospital'] as const).filter((s) => points.some((p) => p.source === s));
  const series = sources.flatMap((source) =>
    parts.map((part) => ({
      type: 'line' as const,
      id: `${source}-${part}`,
      data: times.map((at) => points.find((p) => p.at === at && p.source === source)?.values[part] ?? null),
      color: source === 'home' ? homeColour : HOSPITAL_COLOUR,
      shape: source === 'home' ? ('circle' as const) : ('square' as const),
      showMark: true,
      connectNulls: true,
      curve: 'linear' as const,
    })),
  );
  const domain = domainOf(points, kind);
  const target = CHART_TARGETS[kind];
  const tickFont = 0.875 * rem;
  // Wide enough for the longest value written on the axis ("68.5", "160"): an automatic width cut some short.
  const axisChars = Math.max(
    ...[domain.min, domain.max, (domain.min + domain.max) / 2].map((v) => formatAxis(v).length),
  );
  // Room either side of the first and last readings, at least most of a day, so their dates are not cut at the edges.
  const pad = Math.max((times[times.length - 1] - times[0]) * 0.12, 0.75 * DAY_MS);

  return (
    <Stack spacing={1}>
      <Box aria-hidden sx={{ height: `${14 * rem}px`, width: '100%' }}>
        <ChartsDataProvider<'line', LineChartPluginSignatures>
          plugins={LINE_CHART_PLUGINS}
          skipAnimation
          disableKeyboardNavigation
          series={series}
          xAxis={[
            {
              id: 'time',
              scaleType: 'time',
              data: times.map((at) => new Date(at)),
              min: new Date(times[0] - pad),
              max: new Date(times[times.length - 1] + pad),
              valueFormatter: (d: Date) => texts.tick(d.getTime()),
              tickInterval: dayTicks(points),
              height: 'auto',
              tickLabelStyle: { fontSize: tickFont },
              tickLabelMinGap: rem,
            },
          ]}
          yAxis={[
            {
              id: 'values',
              scaleType: 'linear',
              min: domain.min,
              max: domain.max,
              tickNumber: 4,
              // Whole units between ticks (kg, mmHg, mg/dL): a weight range of 2 kg otherwise ticks at 67.5, wider
              // than the axis was measured for from its ends.
              tickMinStep: 1,
              valueFormatter: formatAxis,
              width: (axisChars * 0.62 + 1.2) * tickFont,
              tickLabelStyle: { fontSize: tickFont },
            },
          ]}
          margin={{ top: rem, right: 1.5 * rem, bottom: rem / 2, left: rem / 2 }}
        >
          <ChartsSurface
            sx={{
              '& .MuiLineElement-root': { strokeWidth: 3 },
              '& .MuiLineElement-root[data-series^="hospital"]': { strokeDasharray: '7 5' },
              '& .MuiMarkElement-root': {
                strokeWidth: 3,
              },
            }}
          >
            {target !== null && 'band' in target ? <RangeBand low={target.band[0]} high={target.band[1]} /> : null}
            {target !== null && 'lines' in target ? <TargetLines values={target.lines} /> : null}
            <ChartsGrid horizontal />
            <LinePlot />
            <MarkPlot />
            <ChartsXAxis />
            <ChartsYAxis />
          </ChartsSurface>
        </ChartsDataProvider>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }} aria-hidden>
        {sources.includes('home') ? (
          <LegendEntry shape="circle" colour={homeColour} dashed={false}>
            {texts.home}
          </LegendEntry>
        ) : null}
        {sources.includes('hospital') ? (
          <LegendEntry shape="square" colour={HOSPITAL_COLOUR} dashed>
            {texts.hospital}
          </LegendEntry>
        ) : null}
      </Stack>
      {texts.target ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              flexShrink: 0,
              width: '1.5rem',
              height: '1rem',
              bgcolor: target !== null && 'band' in target ? BAND_FILL : 'transparent',
              borderTop: `2px dashed ${BAND_EDGE}`,
              borderBottom: target !== null && 'band' in target ? `2px dashed ${BAND_EDGE}` : undefined,
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {texts.target}
          </Typography>
        </Stack>
      ) : null}
      <Box sx={visuallyHidden}>
        <table aria-labelledby={captionId}>
          <caption id={captionId}>{texts.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.when}</th>
              <th scope="col">{texts.reading}</th>
              <th scope="col">{texts.where}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={`${point.source}-${point.at}`}>
                <th scope="row">{texts.time(point)}</th>
                <td>{[texts.values(point), texts.flag(point)].filter(Boolean).join(' · ')}</td>
                <td>{point.source === 'home' ? texts.home : texts.hospital}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Stack>
  );
}
