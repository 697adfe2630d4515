import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsEvent } from '../../../shared/api/analytics-tracking.ts';
import {
  ANALYTICS_TIMEFRAMES,
  type AnalyticsSummary,
  type AnalyticsTimeframe,
} from '../../../shared/api/analytics.ts';
import type { SecurityEventKind } from '../../../shared/api/security-events.ts';
import type { Database } from '../db/database.ts';
import { bucketMs } from './timing-buckets.ts';

/** Route groups shown in the performance summary, busiest first. */
const PERFORMANCE_ROUTES = 10;
/** Characters of a security event's client hash shown: enough to see repeats. */
const CLIENT_CHARS = 8;

const iso = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The dashboard's numbers for one timeframe, every one computed by the database (the same SQL
 * on PostgreSQL and the embedded database). A timeframe of N hours covers the current hour's
 * bucket and the N before it.
 */
export async function analyticsSummary(
  database: Pick<Database, 'sql'>,
  timeframe: AnalyticsTimeframe,
): Promise<AnalyticsSummary> {
  const db = database.sql;
  const hours = ANALYTICS_TIMEFRAMES[timeframe];
  const since = (column: RawBuilder<unknown>) =>
    sql<boolean>`(${hours}::int is null or ${column} >= date_trunc('hour', now()) - make_interval(hours => ${hours}::int))`;
  const col = (name: string) => sql.ref(name);

  const totalsQuery = sql<{
    last_updated: string;
    unique_visitors: number;
    page_views: number;
    sessions: number;
    notes_created: number;
    notes_read: number;
    password_protected: number;
    email_receipts: number;
    security_events: number;
    read_rate: number | null;
    bounce_rate: number | null;
    average_session: number | null;
  }>`
    select
      ${iso(sql`now()`)} as last_updated,
      (select count(distinct visitor)::int from analytics_page_view where ${since(col('hour'))}) as unique_visitors,
      (select count(*)::int from analytics_page_view where ${since(col('hour'))}) as page_views,
      (select count(*)::int from analytics_session where ${since(col('hour'))}) as sessions,
      n.created as notes_created,
      n.read as notes_read,
      n.password_protected,
      n.email_receipts,
      case when n.created = 0 then null
        else least(1, n.read::float8 / n.created) end as read_rate,
      (select count(*)::int from security_event where ${since(col('created_at'))}) as security_events,
      (select avg(case when views <= 1 then 1 else 0 end)::float8 from (
        select s.id, count(v.id) as views
        from analytics_session s left join analytics_page_view v on v.session = s.id
        where ${since(col('s.hour'))}
        group by s.id
      ) per_session) as bounce_rate,
      (select avg(duration_seconds)::float8 from analytics_session
        where duration_seconds is not null and ${since(col('hour'))}) as average_session
    from (
      select
        coalesce(sum(created), 0)::int as created,
        coalesce(sum(read), 0)::int as read,
        coalesce(sum(password_protected), 0)::int as password_protected,
        coalesce(sum(email_receipts), 0)::int as email_receipts
      from analytics_note_activity where ${since(col('hour'))}
    ) n`;

  // One point per hour from the timeframe's start (for All Time: the oldest data) to now.
  const seriesQuery = sql<{ hour: string; views: number; created: number; read: number }>`
    with hours as (
      select generate_series(
        coalesce(
          date_trunc('hour', now()) - make_interval(hours => ${hours}::int),
          least(
            (select min(hour) from analytics_page_view),
            (select min(hour) from analytics_note_activity)
          ),
          date_trunc('hour', now())
        ),
        date_trunc('hour', now()),
        interval '1 hour'
      ) as hour
    ),
    views as (
      select hour, count(*)::int as views from analytics_page_view
      where ${since(col('hour'))} group by hour
    )
    select ${iso(sql.ref('h.hour'))} as hour,
      coalesce(v.views, 0) as views,
      coalesce(n.created, 0) as created,
      coalesce(n.read, 0) as read
    from hours h
    left join views v on v.hour = h.hour
    left join analytics_note_activity n on n.hour = h.hour
    order by h.hour`;

  const countriesQuery = sql<{ country: string | null; visitors: number }>`
    select country, count(distinct visitor)::int as visitors
    from analytics_page_view where ${since(col('hour'))}
    group by country
    order by visitors desc, country nulls last
    limit 5`;

  const securityQuery = sql<{ kind: SecurityEventKind; client: string; at: string }>`
    select kind, left(client, ${CLIENT_CHARS}) as client, ${iso(sql.ref('created_at'))} as at
    from security_event where ${since(col('created_at'))}
    order by created_at desc, id
    limit 5`;

  // Percentiles from the histograms: the first bucket whose running count reaches the share.
  const performanceQuery = sql<{ route: string; requests: number; p50: number; p95: number }>`
    with per_bucket as (
      select route, bucket, sum(count)::int as n
      from analytics_request_timing where ${since(col('hour'))}
      group by route, bucket
    ),
    running as (
      select route, bucket,
        sum(n) over (partition by route order by bucket) as reached,
        sum(n) over (partition by route) as total
      from per_bucket
    ),
    percentiles as (
      select route, max(total)::int as requests,
        min(bucket) filter (where reached >= 0.5 * total) as p50_bucket,
        min(bucket) filter (where reached >= 0.95 * total) as p95_bucket
      from running group by route
    )
    select route, requests,
      ${bucketMs(sql.ref('p50_bucket'))} as p50,
      ${bucketMs(sql.ref('p95_bucket'))} as p95
    from percentiles
    order by requests desc, route
    limit ${PERFORMANCE_ROUTES}`;

  const eventsQuery = sql<{ name: AnalyticsEvent; count: number }>`
    select name, sum(count)::int as count
    from analytics_event where ${since(col('hour'))}
    group by name order by count desc, name`;

  const [totals, series, countries, security, performance, events] = [
    (await totalsQuery.execute(db)).rows[0]!,
    (await seriesQuery.execute(db)).rows,
    (await countriesQuery.execute(db)).rows,
    (await securityQuery.execute(db)).rows,
    (await performanceQuery.execute(db)).rows,
    (await eventsQuery.execute(db)).rows,
  ];

  return {
    timeframe,
    lastUpdated: totals.last_updated,
    totals: {
      uniqueVisitors: totals.unique_visitors,
      pageViews: totals.page_views,
      sessions: totals.sessions,
      notesCreated: totals.notes_created,
      notesRead: totals.notes_read,
    },
    traffic: series.map(({ hour, views }) => ({ hour, views })),
    notesActivity: series.map(({ hour, created, read }) => ({ hour, created, read })),
    topCountries: countries.map(({ country, visitors }) => ({ countryCode: country, visitors })),
    securityEvents: { total: totals.security_events, latest: security },
    performance: performance.map(({ route, requests, p50, p95 }) => ({
      route,
      requests,
      p50Ms: Number(p50),
      p95Ms: Number(p95),
    })),
    rates: {
      readRate: totals.read_rate === null ? null : Number(totals.read_rate),
      bounceRate: totals.bounce_rate === null ? null : Number(totals.bounce_rate),
      averageSessionSeconds:
        totals.average_session === null ? null : Number(totals.average_session),
    },
    featureUsage: {
      passwordProtected: totals.password_protected,
      emailNotifications: totals.email_receipts,
      events: events.map(({ name, count }) => ({ event: name, count })),
    },
  };
}
