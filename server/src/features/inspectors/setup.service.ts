/**
 * A ready inspector in one call: a new session, then its name, response rules, lifetime, cap,
 * CORS switch and privacy (with the key that opens it), each through the service that owns it.
 * The name is checked first, so a taken name makes no session.
 */
import type { InspectorSetup, NewInspector } from '../../../../shared/inspectors.js';
import { webhookUrl } from '../../../../shared/webhooks.js';
import { HttpError } from '../../http/errors.js';
import type { AccessService } from '../access/access.service.js';
import type { ResponsesService } from '../responses/responses.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { NAME_TAKEN_MESSAGE, type InspectorNames } from './names.service.js';
import type { InspectorSettingsService } from './settings.service.js';

/** The name a private inspector's key is listed under. */
export const SETUP_KEY_NAME = 'setup';

export interface InspectorSetupService {
  /** `admitNew` counts the new session against the limit and throws to refuse it. */
  create(setup: InspectorSetup, origin: string, admitNew: () => Promise<void>): Promise<NewInspector>;
}

export function createInspectorSetup(deps: {
  sessions: SessionsService;
  names: InspectorNames;
  settings: InspectorSettingsService;
  responses: ResponsesService;
  access: AccessService;
}): InspectorSetupService {
  return {
    async create(setup, origin, admitNew) {
      if (setup.name !== undefined && (await deps.names.sessionOf(setup.name)) !== null)
        throw new HttpError(409, NAME_TAKEN_MESSAGE);
      const user = await deps.sessions.startSession(null, null, admitNew);
      const { name } = setup.name === undefined ? { name: null } : await deps.names.rename(user, setup.name);
      if (setup.responses?.length) await deps.responses.save(user, setup.responses);
      const { expiresAt, expiresIn, maxRequests, cors } = setup;
      const settings = await deps.settings.change(user, { expiresAt, expiresIn, maxRequests, cors });
      const created: NewInspector = {
        sessionId: user.sessionId,
        name,
        webhookUrl: webhookUrl(origin, name ?? user.sessionId),
        private: setup.private === true,
        ...settings,
      };
      if (!setup.private) return created;
      const { key } = await deps.access.createKey(user, SETUP_KEY_NAME);
      await deps.access.setPrivacy(user, true);
      return { ...created, key };
    },
  };
}
