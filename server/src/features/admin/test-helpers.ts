/**
 * Test setup for admin rights: an app plus a second handle on the same database, as the CLI
 * has, and helpers to grant and claim admin rights the way an operator and a browser would.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, type SessionUser } from '../../../../shared/sessions.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase, type Database } from '../../db/connection.js';
import { ADMIN_COOKIE } from '../../http/admin-guard.js';
import { TEST_DATABASE_URL, freshPostgresUrl, testConfig } from '../../../test/app.js';
import { asUser, createSession } from '../../../test/factories.js';
import { grantAdmin } from './admin-grants.js';

export interface AdminTestStore {
  config: Config;
  /** The app under test. */
  app: FastifyInstance;
  /** The database as the CLI sees it. */
  database: Database;
  /** Another app on the same database, e.g. a second instance. */
  buildApp(overrides?: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function openAdminTestStore(postgres: boolean): Promise<AdminTestStore> {
  if (postgres && !TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const databaseUrl = postgres && TEST_DATABASE_URL ? await freshPostgresUrl(TEST_DATABASE_URL) : null;
  const config = testConfig({ databaseUrl });
  const apps: FastifyInstance[] = [];
  // The app migrates first, so the CLI's handle finds the schema in place.
  const build = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({ ...config, ...overrides });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await build();
  const database = await openDatabase(config);
  return {
    config,
    app,
    database,
    buildApp: build,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await database.close();
    },
  };
}

/** The token part of a printed claim link. */
export function tokenOf(claimUrl: string): string {
  return claimUrl.slice(claimUrl.lastIndexOf('/') + 1);
}

/** Opens a claim link in the browser that holds `browserSession` (its session cookie), or none. */
export function openClaimLink(
  app: FastifyInstance,
  token: string,
  browserSession: SessionUser | null,
): Promise<LightMyRequestResponse> {
  const cookies: Record<string, string> = browserSession
    ? { [SESSION_COOKIE]: browserSession.sessionId }
    : {};
  return app.inject({ method: 'GET', url: `/api/admin/claim/${token}`, cookies });
}

/** The admin cookie value a response sets, or null. */
export function adminCookieOf(response: LightMyRequestResponse): string | null {
  return response.cookies.find((cookie) => cookie.name === ADMIN_COOKIE)?.value ?? null;
}

/** Grants rights through the CLI's function and claims them in the user's browser; returns the admin cookie. */
export async function becomeAdmin(
  store: AdminTestStore,
  app: FastifyInstance,
  user: SessionUser,
): Promise<string> {
  const { claimUrl } = await grantAdmin(store.database.db, user.sessionId, store.config);
  const response = await openClaimLink(app, tokenOf(claimUrl), user);
  const cookie = adminCookieOf(response);
  if (response.statusCode !== 302 || !cookie)
    throw new Error(`claim failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/** Request headers and cookies of a browser with that session and (maybe) an admin cookie. */
export function asBrowser(
  user: SessionUser,
  adminCookie: string | null,
): { headers: Record<string, string>; cookies: Record<string, string> } {
  return {
    headers: asUser(user),
    cookies: adminCookie ? { [ADMIN_COOKIE]: adminCookie } : {},
  };
}

/** The set-up of the admin routes' tests: an app and one session with admin rights in its browser. */
export interface AdminTestApp extends AdminTestStore {
  /** The session with admin rights. */
  admin: SessionUser;
  /** Its browser's admin cookie. */
  adminCookie: string;
  /** A request from the admin's browser. */
  asAdmin(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function openAdminTestApp(postgres: boolean): Promise<AdminTestApp> {
  const store = await openAdminTestStore(postgres);
  const admin = await createSession(store.app);
  const adminCookie = await becomeAdmin(store, store.app, admin);
  return {
    ...store,
    admin,
    adminCookie,
    asAdmin: (options) => store.app.inject({ ...options, ...asBrowser(admin, adminCookie) }),
  };
}
