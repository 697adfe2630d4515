import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled, { useTheme } from 'styled-components';
import {
  ANALYTICS_TIMEFRAMES,
  DEFAULT_TIMEFRAME,
  type AnalyticsSummary,
  type AnalyticsTimeframe,
} from '../../../../shared/api/analytics.ts';
import { Button } from '../../ui/Button.tsx';
import { Card, CardTitle } from '../../ui/Card.tsx';
import { Field, Select } from '../../ui/Field.tsx';
import { Row, Stack } from '../../ui/layout.ts';
import { MutedText } from '../../ui/text.ts';
import { formatDuration } from '../../i18n/formatDuration.ts';
import { HourlyChart, TableScroll } from './HourlyChart.tsx';
import { useAnalyticsSummary } from './useAnalyticsSummary.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';

const TIMEFRAMES = Object.keys(ANALYTICS_TIMEFRAMES) as AnalyticsTimeframe[];

/** The administrator's numbers for the chosen timeframe (all computed by the server). */
export function AnalyticsDashboard({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation('pages');
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>(DEFAULT_TIMEFRAME);
  const { summary, loading, failed, reload } = useAnalyticsSummary(timeframe, onSignedOut);

  return (
    <Stack $gap={6} aria-busy={loading}>
      <Row $gap={4} $align="end" $justify="between">
        <Field label={t('analytics.timeframe.label')}>
          {(props) => (
            <Select
              {...props}
              value={timeframe}
              onChange={(event) => setTimeframe(event.target.value as AnalyticsTimeframe)}
            >
              {TIMEFRAMES.map((value) => (
                <option key={value} value={value}>
                  {t(`analytics.timeframe.options.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="button" $variant="secondary" onClick={reload}>
          {t('analytics.refresh')}
        </Button>
      </Row>
      {failed ? (
        <Card role="alert">
          <MutedText>{t('analytics.loadFailed')}</MutedText>
        </Card>
      ) : summary === null ? (
        <MutedText role="status">{t('analytics.loading')}</MutedText>
      ) : (
        <SummaryView summary={summary} />
      )}
    </Stack>
  );
}

function SummaryView({ summary }: { summary: AnalyticsSummary }) {
  const { t, language } = useTranslation('pages');
  // Durations are worded with the app's shared time units.
  const { t: tApp } = useTranslation();
  const theme = useTheme();
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  const regions = new Intl.DisplayNames(language, { type: 'region' });
  const milliseconds = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'millisecond',
    maximumFractionDigits: 1,
  });
  const orNone = <T,>(value: T | null, format: (value: T) => string) =>
    value === null ? t('analytics.noData') : format(value);
  const hours = summary.traffic.map((point) => point.hour);

  const totals = [
    ['uniqueVisitors', summary.totals.uniqueVisitors],
    ['pageViews', summary.totals.pageViews],
    ['sessions', summary.totals.sessions],
    ['notesCreated', summary.totals.notesCreated],
    ['notesRead', summary.totals.notesRead],
  ] as const;

  return (
    <>
      <MutedText>
        {t('analytics.lastUpdated', { time: time.format(new Date(summary.lastUpdated)) })}
      </MutedText>
      <MutedText>{t('analytics.unverified')}</MutedText>
      <Totals>
        {totals.map(([key, value]) => (
          <Total key={key}>
            <dt>{t(`analytics.totals.${key}`)}</dt>
            <dd>{number.format(value)}</dd>
          </Total>
        ))}
      </Totals>
      <Card>
        <HourlyChart
          title={t('analytics.charts.traffic.title')}
          description={t('analytics.charts.traffic.description')}
          hours={hours}
          series={[
            {
              label: t('analytics.totals.pageViews'),
              color: theme.color.primary,
              values: summary.traffic.map((point) => point.views),
            },
          ]}
        />
      </Card>
      <Card>
        <HourlyChart
          title={t('analytics.charts.notes.title')}
          description={t('analytics.charts.notes.description')}
          hours={hours}
          series={[
            {
              label: t('analytics.totals.notesCreated'),
              color: theme.color.primary,
              values: summary.notesActivity.map((point) => point.created),
            },
            {
              label: t('analytics.totals.notesRead'),
              color: theme.color.chartSecondary,
              values: summary.notesActivity.map((point) => point.read),
            },
          ]}
        />
      </Card>
      <Panels>
        <Card>
          <CardTitle>{t('analytics.rates.title')}</CardTitle>
          <Facts>
            <dt>{t('analytics.rates.readRate')}</dt>
            <dd>{orNone(summary.rates.readRate, (value) => percent.format(value))}</dd>
            <dt>{t('analytics.rates.bounceRate')}</dt>
            <dd>{orNone(summary.rates.bounceRate, (value) => percent.format(value))}</dd>
            <dt>{t('analytics.rates.averageSession')}</dt>
            <dd>
              {orNone(summary.rates.averageSessionSeconds, (value) =>
                formatDuration(tApp, language, Math.round(value)),
              )}
            </dd>
          </Facts>
        </Card>
        <Card>
          <CardTitle>{t('analytics.features.title')}</CardTitle>
          <Facts>
            <dt>{t('analytics.features.passwordProtected')}</dt>
            <dd>{number.format(summary.featureUsage.passwordProtected)}</dd>
            <dt>{t('analytics.features.emailNotifications')}</dt>
            <dd>{number.format(summary.featureUsage.emailNotifications)}</dd>
            {summary.featureUsage.events.map(({ event, count }) => (
              <Fact key={event} label={t(`analytics.features.events.${event}`)}>
                {number.format(count)}
              </Fact>
            ))}
          </Facts>
        </Card>
      </Panels>
      <Panels>
        <Card>
          <CardTitle>{t('analytics.countries.title')}</CardTitle>
          {summary.topCountries.length === 0 ? (
            <MutedText>{t('analytics.noData')}</MutedText>
          ) : (
            <TableScroll label={t('analytics.countries.title')}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.countries.country')}</th>
                    <th scope="col">{t('analytics.countries.code')}</th>
                    <th scope="col">{t('analytics.countries.visitors')}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.topCountries.map(({ countryCode, visitors }) => (
                    <tr key={countryCode ?? 'unknown'}>
                      <th scope="row">
                        {countryCode === null
                          ? t('analytics.countries.unknown')
                          : (regions.of(countryCode) ?? countryCode)}
                      </th>
                      <td>{countryCode ?? '–'}</td>
                      <td>{number.format(visitors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Card>
        <Card>
          <CardTitle>{t('analytics.security.title')}</CardTitle>
          <MutedText>
            {t('analytics.security.total', {
              total: number.format(summary.securityEvents.total),
            })}
          </MutedText>
          {summary.securityEvents.latest.length === 0 ? null : (
            <TableScroll label={t('analytics.security.title')}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.security.kind')}</th>
                    <th scope="col">{t('analytics.security.client')}</th>
                    <th scope="col">{t('analytics.security.time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.securityEvents.latest.map((event, index) => (
                    <tr key={`${event.at}-${index}`}>
                      <th scope="row">{t(`analytics.security.kinds.${event.kind}`)}</th>
                      <td>
                        <code>{event.client}</code>
                      </td>
                      <td>{time.format(new Date(event.at))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Card>
      </Panels>
      <Card>
        <CardTitle>{t('analytics.performance.title')}</CardTitle>
        <MutedText>{t('analytics.performance.description')}</MutedText>
        {summary.performance.length === 0 ? (
          <MutedText>{t('analytics.noData')}</MutedText>
        ) : (
          <TableScroll label={t('analytics.performance.title')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('analytics.performance.route')}</th>
                  <th scope="col">{t('analytics.performance.requests')}</th>
                  <th scope="col">{t('analytics.performance.p50')}</th>
                  <th scope="col">{t('analytics.performance.p95')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.performance.map((route) => (
                  <tr key={route.route}>
                    <th scope="row">
                      <code>{route.route}</code>
                    </th>
                    <td>{number.format(route.requests)}</td>
                    <td>{milliseconds.format(route.p50Ms)}</td>
                    <td>{milliseconds.format(route.p95Ms)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${space[4]};
`;

const Total = styled.div`
  padding: ${space[5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.large};
  background: ${({ theme }) => theme.color.surface};

  dt {
    font-size: ${fontSize.md};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    font-size: ${fontSize['5xl']};
    font-weight: 700;
  }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: ${space[4]};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${space[2]} ${space[4]};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    font-weight: 600;
    text-align: end;
  }
`;
