import type { SchemaMigration } from '../migrate.ts';

/** First-party analytics: hashed ids with a daily salt, hour buckets, counters (no addresses). */
export const Migration20261123100003Analytics: SchemaMigration = {
  name: 'Migration20261123100003Analytics',

  async up(run) {
    await run(`create table analytics_salt (
      day text primary key,
      salt bytea not null
    )`);
    await run(`create table analytics_page_view (
      id serial primary key,
      hour timestamptz not null,
      path text not null,
      referrer text null,
      visitor text not null,
      session text not null,
      country text null
    )`);
    await run('create index analytics_page_view_hour_idx on analytics_page_view (hour)');
    await run('create index analytics_page_view_session_idx on analytics_page_view (session)');
    await run(`create table analytics_session (
      id text primary key,
      hour timestamptz not null,
      device_type text not null check (device_type in ('desktop', 'mobile', 'tablet')),
      browser text not null check (browser in ('chrome', 'edge', 'firefox', 'safari', 'opera', 'other')),
      is_returning boolean not null,
      duration_seconds integer null
    )`);
    await run('create index analytics_session_hour_idx on analytics_session (hour)');
    await run(`create table analytics_event (
      hour timestamptz not null,
      name text not null check (name in ('note_link_copied', 'chat_link_copied')),
      count integer not null,
      primary key (hour, name)
    )`);
    await run(`create table analytics_note_activity (
      hour timestamptz primary key,
      created integer not null default 0,
      read integer not null default 0,
      password_protected integer not null default 0,
      email_receipts integer not null default 0
    )`);
    await run(`create table analytics_request_timing (
      hour timestamptz not null,
      route text not null,
      bucket smallint not null,
      count integer not null,
      primary key (hour, route, bucket)
    )`);
  },
};
