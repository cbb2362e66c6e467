/**
 * `npm run admin -- grant <sessionId>` / `npm run admin -- revoke <sessionId>`.
 * Uses the server's own configuration and database. The grant's one-time link is printed as the
 * last line so scripts can take it with `tail -n 1`; when it points at localhost (or 127.0.0.1),
 * the line before names the same link at the other name.
 */
import { isSessionId } from '../../../shared/sessions.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { grantAdmin, revokeAdmin } from '../features/admin/admin-grants.js';

const USAGE = 'Usage: npm run admin -- grant <sessionId>\n       npm run admin -- revoke <sessionId>';

async function run(args: string[]): Promise<number> {
  const [command, sessionId, ...extra] = args;
  if ((command !== 'grant' && command !== 'revoke') || !sessionId || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!isSessionId(sessionId)) {
    console.error(`"${sessionId}" is not a session id (a UUID such as the one shown by the web app).`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (command === 'grant') {
      const { claimUrl, alternativeUrl, expiresAt } = await grantAdmin(database.db, sessionId, config);
      console.log(`${new Date().toISOString()} granted admin rights to session ${sessionId}.`);
      console.log(
        `Open this link once, before ${new Date(expiresAt).toISOString()}, in the browser where you use Hookbay, at the same address.`,
      );
      // A browser keeps a separate session for localhost and for 127.0.0.1.
      if (alternativeUrl) {
        console.log(
          `If you use Hookbay at ${new URL(alternativeUrl).origin}, open ${alternativeUrl} instead.`,
        );
      }
      console.log(claimUrl);
    } else {
      const { wasAdmin } = await revokeAdmin(database.db, sessionId);
      console.log(
        wasAdmin
          ? `${new Date().toISOString()} revoked admin rights of session ${sessionId}; its admin cookies no longer work.`
          : `Session ${sessionId} had no admin rights; any old admin cookies and links for it are void.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
