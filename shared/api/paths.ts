/** Every URL of the public API, written once (STYLE.md habit 5). */
export const API_PREFIX = '/api';
export const WS_PATH = '/ws';

/** Whether a request path is the API's (which answers JSON, never the web app). */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** Route patterns, as the server's router registers them. */
export const apiRoutes = {
  config: '/api/config',
  health: '/api/health',
  openapi: '/api/openapi.json',
  notes: '/api/notes',
  note: '/api/notes/:id',
  noteContent: '/api/notes/:id/content',
  noteVerify: '/api/notes/:id/verify',
  noteStatus: '/api/notes/:id/status',
  noteDestroy: '/api/notes/:id/destroy',
  noteUpload: '/api/notes/:id/upload',
  noteComplete: '/api/notes/:id/complete',
  noteFileChunk: '/api/notes/:id/files/:file/chunks/:chunk',
  noteFile: '/api/notes/:id/files/:file',
  noteFiles: '/api/notes/:id/files',
  requests: '/api/requests',
  request: '/api/requests/:id',
  requestAnswer: '/api/requests/:id/answer',
  chatCreate: '/api/chat/create-session',
  chatRoom: '/api/chat/:id',
  adminLogin: '/api/admin/login',
  adminLogout: '/api/admin/logout',
  adminSession: '/api/admin/session',
  newsletterSubscribe: '/api/newsletter/subscribe',
  newsletterVerify: '/api/newsletter/verify',
  newsletterUnsubscribe: '/api/newsletter/unsubscribe',
  newsletterIssues: '/api/admin/newsletter/issues',
  newsletterIssue: '/api/admin/newsletter/issues/:id',
  newsletterIssueTest: '/api/admin/newsletter/issues/:id/test',
  newsletterIssueSend: '/api/admin/newsletter/issues/:id/send',
  newsletterPreview: '/api/admin/newsletter/preview',
  blog: '/api/blog',
  blogPosts: '/api/blog/posts',
  blogPost: '/api/blog/:id',
  adminGenerateArticle: '/api/admin/generate-article',
  analyticsPageView: '/api/analytics/pageview',
  analyticsSession: '/api/analytics/session',
  analyticsEvent: '/api/analytics/event',
  analyticsSessionEnd: '/api/analytics/session-end',
  analyticsSummary: '/api/analytics/summary',
} as const;

/**
 * What orchestrators and load balancers ask, outside /api: is the process alive, should it get
 * traffic (backend/src/system/operations.ts).
 */
export const probeRoutes = {
  liveness: '/healthz',
  readiness: '/readyz',
} as const;

/** A pattern with its `:name` placeholders filled in, each value URL-encoded. */
export function fillRoute(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/** Concrete URLs, as clients call them. */
export const apiPaths = {
  config: apiRoutes.config,
  health: apiRoutes.health,
  openapi: apiRoutes.openapi,
  notes: apiRoutes.notes,
  note: (id: string) => fillRoute(apiRoutes.note, { id }),
  noteContent: (id: string) => fillRoute(apiRoutes.noteContent, { id }),
  noteVerify: (id: string) => fillRoute(apiRoutes.noteVerify, { id }),
  noteStatus: (id: string) => fillRoute(apiRoutes.noteStatus, { id }),
  noteDestroy: (id: string) => fillRoute(apiRoutes.noteDestroy, { id }),
  noteUpload: (id: string) => fillRoute(apiRoutes.noteUpload, { id }),
  noteComplete: (id: string) => fillRoute(apiRoutes.noteComplete, { id }),
  noteFileChunk: (id: string, file: number, chunk: number) =>
    fillRoute(apiRoutes.noteFileChunk, { id, file: String(file), chunk: String(chunk) }),
  /** A file's chunks from `from` on (a download resumed after the chunks already saved). */
  noteFile: (id: string, file: number, from = 0) =>
    `${fillRoute(apiRoutes.noteFile, { id, file: String(file) })}${from > 0 ? `?from=${from}` : ''}`,
  noteFiles: (id: string) => fillRoute(apiRoutes.noteFiles, { id }),
  requests: apiRoutes.requests,
  request: (id: string) => fillRoute(apiRoutes.request, { id }),
  requestAnswer: (id: string) => fillRoute(apiRoutes.requestAnswer, { id }),
  chatCreate: apiRoutes.chatCreate,
  chatRoom: (id: string) => fillRoute(apiRoutes.chatRoom, { id }),
  adminLogin: apiRoutes.adminLogin,
  adminLogout: apiRoutes.adminLogout,
  adminSession: apiRoutes.adminSession,
  newsletterSubscribe: apiRoutes.newsletterSubscribe,
  newsletterVerify: apiRoutes.newsletterVerify,
  /** The one-click link each newsletter mail carries. */
  newsletterUnsubscribe: (token: string) =>
    `${apiRoutes.newsletterUnsubscribe}?token=${encodeURIComponent(token)}`,
  newsletterIssues: apiRoutes.newsletterIssues,
  newsletterIssue: (id: string) => fillRoute(apiRoutes.newsletterIssue, { id }),
  newsletterIssueTest: (id: string) => fillRoute(apiRoutes.newsletterIssueTest, { id }),
  newsletterIssueSend: (id: string) => fillRoute(apiRoutes.newsletterIssueSend, { id }),
  newsletterPreview: apiRoutes.newsletterPreview,
  blogPosts: apiRoutes.blogPosts,
  blogPost: (id: string) => fillRoute(apiRoutes.blogPost, { id }),
  adminGenerateArticle: apiRoutes.adminGenerateArticle,
  analyticsPageView: apiRoutes.analyticsPageView,
  analyticsSession: apiRoutes.analyticsSession,
  analyticsEvent: apiRoutes.analyticsEvent,
  analyticsSessionEnd: apiRoutes.analyticsSessionEnd,
  analyticsSummary: (timeframe: string) =>
    `${apiRoutes.analyticsSummary}?${new URLSearchParams({ timeframe })}`,
} as const;
