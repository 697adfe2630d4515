import { adminSessionSchema } from '../../../../shared/api/admin.ts';
import type { AdminLoginRequest, AdminSessionState } from '../../../../shared/api/admin.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { apiGet, apiPost } from '../../api/client.ts';

/** The administrator session calls (DESIGN §4); the cookie itself is HttpOnly, never seen here. */
export function fetchAdminSession(): Promise<AdminSessionState> {
  return apiGet(apiPaths.adminSession, adminSessionSchema);
}

export function postAdminLogin(password: string): Promise<AdminSessionState> {
  return apiPost(apiPaths.adminLogin, { password } satisfies AdminLoginRequest, adminSessionSchema);
}

export function postAdminLogout(): Promise<AdminSessionState> {
  return apiPost(apiPaths.adminLogout, undefined, adminSessionSchema);
}
