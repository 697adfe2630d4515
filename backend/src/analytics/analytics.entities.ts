import { defineEntity, p } from '@mikro-orm/core';
import {
  ANALYTICS_EVENTS,
  BROWSER_FAMILIES,
  DEVICE_TYPES,
} from '../../../shared/api/analytics-tracking.ts';

/**
 * The analytics tables. Nothing here can identify a person: times are hour buckets, visitor and
 * session ids are HMACs keyed with the day's salt (forgotten the next day), there is no address
 * and no user agent. Every row is deleted after ANALYTICS_RETENTION_DAYS.
 */

/** Today's random salt, shared by every instance; older days' salts are deleted. */
export const AnalyticsSalt = defineEntity({
  name: 'AnalyticsSalt',
  tableName: 'analytics_salt',
  properties: {
    /** UTC date, YYYY-MM-DD. */
    day: p.text().primary(),
    salt: p.type('uint8array').columnType('bytea'),
  },
});

export const AnalyticsPageView = defineEntity({
  name: 'AnalyticsPageView',
  tableName: 'analytics_page_view',
  properties: {
    id: p.integer().primary().autoincrement(),
    hour: p.datetime().columnType('timestamptz').index('analytics_page_view_hour_idx'),
    /** The route's shape: ids of notes and rooms are never recorded. */
    path: p.text(),
    /** The origin of the page that linked here, if another site. */
    referrer: p.text().nullable(),
    visitor: p.text(),
    session: p.text().index('analytics_page_view_session_idx'),
    /** ISO 3166 code from a trusted proxy; null when unknown. */
    country: p.text().nullable(),
  },
});

export const AnalyticsSession = defineEntity({
  name: 'AnalyticsSession',
  tableName: 'analytics_session',
  properties: {
    id: p.text().primary(),
    hour: p.datetime().columnType('timestamptz').index('analytics_session_hour_idx'),
    deviceType: p.enum(DEVICE_TYPES).columnType('text'),
    browser: p.enum(BROWSER_FAMILIES).columnType('text'),
    isReturning: p.boolean(),
    /** Reported by the session-end beacon; null until then. */
    durationSeconds: p.integer().nullable(),
  },
});

/** How often each allowed event happened per hour. */
export const AnalyticsEvent = defineEntity({
  name: 'AnalyticsEvent',
  tableName: 'analytics_event',
  properties: {
    hour: p.datetime().columnType('timestamptz').primary(),
    name: p.enum(ANALYTICS_EVENTS).columnType('text').primary(),
    count: p.integer(),
  },
});

/** Notes created and read per hour: counts only, never a note id or anything of a note. */
export const AnalyticsNoteActivity = defineEntity({
  name: 'AnalyticsNoteActivity',
  tableName: 'analytics_note_activity',
  properties: {
    hour: p.datetime().columnType('timestamptz').primary(),
    created: p.integer().default(0),
    read: p.integer().default(0),
    passwordProtected: p.integer().default(0),
    emailReceipts: p.integer().default(0),
  },
});

/**
 * A histogram of server-side request durations per route group and hour: `bucket` b counts the
 * requests that took at most 1.25^b ms, so percentiles come out of SQL within 25%.
 */
export const AnalyticsRequestTiming = defineEntity({
  name: 'AnalyticsRequestTiming',
  tableName: 'analytics_request_timing',
  properties: {
    hour: p.datetime().columnType('timestamptz').primary(),
    route: p.text().primary(),
    bucket: p.smallint().primary(),
    count: p.integer(),
  },
});
