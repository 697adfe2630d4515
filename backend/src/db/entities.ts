import { AdminSession } from '../admin/admin.entities.ts';
import { BlogPost } from '../blog/blog.entities.ts';
import {
  AnalyticsEvent,
  AnalyticsNoteActivity,
  AnalyticsPageView,
  AnalyticsRequestTiming,
  AnalyticsSalt,
  AnalyticsSession,
} from '../analytics/analytics.entities.ts';
import { ChatInstance, ChatParticipant, ChatRoom } from '../chat/chat.entities.ts';
import {
  NewsletterDelivery,
  NewsletterIssue,
  NewsletterSubscriber,
} from '../newsletter/newsletter.entities.ts';
import {
  Note,
  NoteFile,
  NoteFileChunk,
  NotePart,
  NoteTombstone,
  ReadReceipt,
} from '../notes/notes.entities.ts';
import { RateLimit } from '../rate-limit/rate-limit.entity.ts';
import { SecretRequest } from '../requests/requests.entities.ts';
import { SecurityEvent } from '../security-events/security-events.entities.ts';
import { ServerSecret } from './server-secret.entity.ts';

/**
 * Every table, declared once as a MikroORM entity. The migrations create them; a test checks
 * that the entities and the migrated schema agree, so neither can drift from the other.
 */
export const entities = [
  Note,
  NotePart,
  NoteFile,
  NoteFileChunk,
  NoteTombstone,
  ReadReceipt,
  SecretRequest,
  ChatRoom,
  ChatInstance,
  ChatParticipant,
  RateLimit,
  ServerSecret,
  AdminSession,
  SecurityEvent,
  NewsletterSubscriber,
  NewsletterIssue,
  NewsletterDelivery,
  BlogPost,
  AnalyticsSalt,
  AnalyticsPageView,
  AnalyticsSession,
  AnalyticsEvent,
  AnalyticsNoteActivity,
  AnalyticsRequestTiming,
] as const;
