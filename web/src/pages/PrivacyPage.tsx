/** What Hookbay stores, why, and for how long. */
import { Link } from 'react-router-dom';
import { paths, PRODUCT_NAME, TOOLKIT_NAME } from '../app/paths';
import { LegalLayout } from './LegalLayout';
import { PrivacyShortLinksSection } from './PrivacySections';
import { usePageTitle } from './usePageTitle';

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={`${TOOLKIT_NAME} stores only what its tools need to work. There are no accounts, no third-party trackers and no analytics, and nothing you send is passed on to other services.`}
    >
      <h2>Self-hosted instances</h2>
      <p>
        {TOOLKIT_NAME} can be self-hosted. Whoever runs the instance you are using (the operator) controls its
        data and can change the limits below. This page describes the default settings.
      </p>

      <h2>In your browser</h2>
      <p>
        You do not sign up. The first time you visit, your browser gets an anonymous session. It keeps these
        entries in local storage:
      </p>
      <ul>
        <li>
          <code>userSessionId</code>: your anonymous session id;
        </li>
        <li>
          <code>userSessionExpiry</code>: when the session ends, 300 days after it was created;
        </li>
        <li>
          <code>theme</code>: whether you chose the light or the dark theme.
        </li>
      </ul>
      <p>
        A session cookie carries the same session id to the server, so that what you capture is linked to your
        session. Clearing this site’s data in your browser starts a new, empty session.
      </p>

      <h2>Webhook requests</h2>
      <p>For every request the {PRODUCT_NAME} captures, we store:</p>
      <ul>
        <li>the method, path, query string and headers;</li>
        <li>the body, byte for byte, up to 10 MiB (for larger requests only the first 64 KiB are kept);</li>
        <li>the sender’s IP address and user agent, and the time it arrived.</li>
      </ul>
      <p>
        The newest 10,000 requests of each session are kept; older ones are deleted automatically. Deleting a
        request hides it from your list.
      </p>
      <p>
        <strong>Treat your webhook URL like a secret.</strong> Anyone who knows it can send requests to it,
        and the Share link lets others view your requests. Only share them with people you trust.
      </p>

      <PrivacyShortLinksSection />

      <h2>Suggestions</h2>
      <p>
        When you send a suggestion, we store what you type and, if you give one, your email address, so that
        we can read it and reply.
      </p>

      <h2>No trackers</h2>
      <p>
        {TOOLKIT_NAME} uses no third-party trackers, analytics or advertising, and sends nothing about you to
        other services. Locations of IP addresses are looked up offline in databases bundled with{' '}
        {TOOLKIT_NAME}; see <Link to={paths.about}>About</Link> for their credits.
      </p>

      <h2>Changes</h2>
      <p>
        If what we store changes, this page will be updated first. The rules for using {TOOLKIT_NAME} are in
        the <Link to={paths.terms}>Terms of Use</Link>.
      </p>
    </LegalLayout>
  );
}
