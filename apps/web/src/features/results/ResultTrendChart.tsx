import type { LabResult, LabTest } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { getValueToPositionMapper, useDrawingArea, useXScale, useYScale } from '@mui/x-charts/hooks';
import { LINE_CHART_PLUGINS, LinePlot, MarkPlot, type LineChartPluginSignatures } from '@mui/x-charts/LineChart';
import { useId, useState } from 'react';
import { appLanguage } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';
import { writtenLanguage } from '../../lib/written-language';
import { visuallyHidden } from '../../lib/visually-hidden';
import { axisDate, facilityName, formatValue, testName, valueDomain, valueWithUnit } from './results-format';
import { useResultsTexts } from './results.texts';

/** The band of the normal range: a light green any line and label reads over. */
export const BAND_FILL = 'rgba(46, 125, 50, 0.14)';
export const BAND_EDGE = '#2E7D32';
/** Every point's value is written beside it up to this many points; past it, the first, the last and the extremes. */
const ALL_LABELS_UP_TO = 6;

/**
 * The root font size in px: the chart's text, margins and height follow the reader's text size (200% text doubles
 * them), as the rest of the screen does in rem. Read once, when the chart is first drawn.
 */
export function useRootFontSize(): number {
  const [size] = useState(() => {
    if (typeof window === 'undefined') return 16;
    return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  });
  return size;
}

/** The normal range as a shaded band with its edges dashed, from the range's ends (or the chart's edge at an open end). */
export function RangeBand({ low, high }: { low: number | null; high: number | null }) {
  const { left, top, width, height } = useDrawingArea();
  const y = useYScale<'linear'>();
  const yTop = high === null ? top : y(high);
  const yBottom = low === null ? top + height : y(low);
  if (yTop === undefined || yBottom === undefined) return null;
  const edges = [low === null ? null : yBottom, high === null ? null : yTop].filter((e): e is number => e !== null);
  return (
    <g>
      <rect x={left} y={yTop} width={width} height={Math.max(0, yBottom - yTop)} fill={BAND_FILL} />
      {edges.map((edge) => (
        <line
          key={edge}
          x1={left}
          x2={left + width}
          y1={edge}
          y2={edge}
          stroke={BAND_EDGE}
          strokeWidth={1.5}
          strokeDasharray="6 4"
        />
      ))}
    </g>
  );
}

/** Which points get their value written: all of a short series, else the first, the last, the lowest and the highest. */
function labelledPoints(values: number[]): Set<number> {
  if (values.length <= ALL_LABELS_UP_TO) return new Set(values.map((_, i) => i));
  const lowest = values.indexOf(Math.min(...values));
  const highest = values.indexOf(Math.max(...values));
  return new Set([0, values.length - 1, lowest, highest]);
}

/** The values written above their points, in the text colour on a white halo so that the line never crosses them. */
function ValueLabels({ values, texts, fontSize }: { values: number[]; texts: string[]; fontSize: number }) {
  const theme = useTheme();
  const x = getValueToPositionMapper(useXScale<'band'>());
  const y = useYScale<'linear'>();
  const shown = labelledPoints(values);
  return (
    <g>
      {values.map((value, i) => {
        const px = x(i);
        const py = y(value);
        if (!shown.has(i) || px === undefined || py === undefined) return null;
        return (
          <text
            key={i}
            x={px}
            y={py - fontSize * 0.75}
            textAnchor="middle"
            fontSize={fontSize}
            fontWeight={700}
            fill={theme.palette.text.primary}
            stroke="#fff"
            strokeWidth={4}
            strokeLinejoin="round"
            paintOrder="stroke"
          >
            {texts[i]}
          </text>
        );
      })}
    </g>
  );
}

export interface ResultTrendChartProps {
  test: LabTest;
  /** Oldest first, two or more. */
  results: LabResult[];
}

/**
 * A test's values over time: a line over the dates, the normal range (of the latest result) as a green band, each value
 * written by its point. The chart is a picture only (hidden from screen readers); the same values are in a table for
 * them, with each date, value, its place against the range in words, and where it was taken.
 */
export function ResultTrendChart({ test, results }: ResultTrendChartProps) {
  const { t, i18n } = useResultsTexts();
  const lang = appLanguage(i18n);
  const theme = useTheme();
  const rem = useRootFontSize();
  const captionId = useId();
  const latest = results[results.length - 1];
  const values = results.map((r) => r.value);
  const domain = valueDomain(values, latest.low, latest.high);
  const tickFont = 0.875 * rem;
  const hasRange = latest.low !== null || latest.high !== null;

  return (
    <Stack spacing={1}>
      {/* A picture of the table below: screen readers read the table. */}
      <Box aria-hidden sx={{ height: `${13 * rem}px`, width: '100%' }}>
        <ChartsDataProvider<'line', LineChartPluginSignatures>
          plugins={LINE_CHART_PLUGINS}
          skipAnimation
          // A picture, not a control: nothing in it takes the focus (the table below has the values).
          disableKeyboardNavigation
          series={[
            {
              type: 'line',
              id: 'values',
              data: values,
              color: theme.palette.primary.dark,
              showMark: true,
              curve: 'linear',
            },
          ]}
          xAxis={[
            {
              id: 'dates',
              // A band a date: the first and last points stand inside the chart, their labels not cut at its edges.
              scaleType: 'band',
              data: results.map((_, i) => i),
              valueFormatter: (i: number) => axisDate(results[i]?.takenOn ?? '', lang),
              height: 'auto',
              tickLabelStyle: { fontSize: tickFont },
              tickLabelMinGap: rem / 2,
            },
          ]}
          yAxis={[
            {
              id: 'values',
              scaleType: 'linear',
              min: domain.min,
              max: domain.max,
              tickNumber: 4,
              valueFormatter: (v: number) => formatValue(test, v, lang),
              width: 'auto',
              tickLabelStyle: { fontSize: tickFont },
            },
          ]}
          margin={{ top: 1.5 * rem, right: rem, bottom: rem / 2, left: rem / 2 }}
        >
          <ChartsSurface sx={{ '& .MuiLineElement-root': { strokeWidth: 3 } }}>
            <RangeBand low={latest.low} high={latest.high} />
            <ChartsGrid horizontal />
            <LinePlot />
            <MarkPlot />
            <ValueLabels values={values} texts={values.map((v) => formatValue(test, v, lang))} fontSize={tickFont} />
            <ChartsXAxis />
            <ChartsYAxis />
          </ChartsSurface>
        </ChartsDataProvider>
      </Box>
      {hasRange ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              flexShrink: 0,
              width: '1.5rem',
              height: '1rem',
              bgcolor: BAND_FILL,
              border: `1.5px dashed ${BAND_EDGE}`,
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('trend.band')}
          </Typography>
        </Stack>
      ) : null}
      {/* A table is as wide as its rows whatever its own width: the box around it is what hides it. */}
      <Box sx={visuallyHidden}>
        <table aria-labelledby={captionId}>
          <caption id={captionId}>{t('trend.tableCaption', { test: testName(test, lang) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.date')}</th>
              <th scope="col">{t('trend.value')}</th>
              <th scope="col">{t('trend.flag')}</th>
              <th scope="col">{t('trend.place')}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.id}>
                <th scope="row">{formatBuddhistDate(result.takenOn, lang)}</th>
                <td>{valueWithUnit(test, result.value, t, lang)}</td>
                <td>{result.flag ? t(`flag.${result.flag}`) : t('trend.noRange')}</td>
                <td lang={writtenLanguage(facilityName(result.facility, lang))}>
                  {facilityName(result.facility, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Stack>
  );
}
