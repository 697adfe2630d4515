import type { SchemaMigration } from '../migrate.ts';
import { Migration20261122000001Notes } from './Migration20261122000001Notes.ts';
import { Migration20261122000002Chat } from './Migration20261122000002Chat.ts';
import { Migration20261123000003NoteParts } from './Migration20261123000003NoteParts.ts';
import { Migration20261123000004Admin } from './Migration20261123000004Admin.ts';
import { Migration20261123100001Newsletter } from './Migration20261123100001Newsletter.ts';
import { Migration20261123100002Blog } from './Migration20261123100002Blog.ts';
import { Migration20261123100003Analytics } from './Migration20261123100003Analytics.ts';
import { Migration20261128000001NoteStatus } from './Migration20261128000001NoteStatus.ts';
import { Migration20261128000002Requests } from './Migration20261128000002Requests.ts';
import { Migration20261128000003NewsletterIssues } from './Migration20261128000003NewsletterIssues.ts';
import { Migration20261201000001NoteFiles } from './Migration20261201000001NoteFiles.ts';

/**
 * Every schema change, in order. Listed explicitly (not discovered from disk) so the same list
 * works from source, from the Electron bundle and from any packaged build. Features append here.
 */
export const migrations: SchemaMigration[] = [
  Migration20261122000001Notes,
  Migration20261122000002Chat,
  Migration20261123000003NoteParts,
  Migration20261123000004Admin,
  Migration20261123100001Newsletter,
  Migration20261123100002Blog,
  Migration20261123100003Analytics,
  Migration20261128000001NoteStatus,
  Migration20261128000002Requests,
  Migration20261128000003NewsletterIssues,
  Migration20261201000001NoteFiles,
];
