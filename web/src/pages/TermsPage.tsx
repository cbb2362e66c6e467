/** Plain-language terms of use for Hookbay. */
import { Link } from 'react-router-dom';
import { paths, TOOLKIT_NAME } from '../app/paths';
import { LegalLayout } from './LegalLayout';
import { usePageTitle } from './usePageTitle';

export function TermsPage() {
  usePageTitle('Terms of Use');
  return (
    <LegalLayout
      title="Terms of Use"
      intro={`${TOOLKIT_NAME} is free, self-hostable software. These terms say what you can expect from this service and what we expect from you, in plain language.`}
    >
      <h2>Who “we” are</h2>
      <p>
        “We” means whoever runs the {TOOLKIT_NAME} instance you are using. If you host {TOOLKIT_NAME} on your
        own server, you are the operator of that instance and responsible for it and for how your users use
        it.
      </p>

      <h2>Using {TOOLKIT_NAME}</h2>
      <p>
        The tools are free and need no account. By using them you agree to these terms. If you do not agree,
        please do not use the service.
      </p>

      <h2>Acceptable use</h2>
      <p>You may not use {TOOLKIT_NAME} to:</p>
      <ul>
        <li>store, send or link to illegal content, or content that infringes someone else’s rights;</li>
        <li>
          abuse the URL Shortener for phishing, malware, spam or scams, or to hide where a harmful link leads;
        </li>
        <li>attack, overload or probe this service or other systems through it, or get around its limits;</li>
        <li>send other people’s personal data that you are not allowed to share;</li>
        <li>host or distribute files through webhook URLs or short links.</li>
      </ul>

      <h2>Your content</h2>
      <p>
        You are responsible for what you send to {TOOLKIT_NAME} and for what you share. Anyone who knows your
        webhook URL can send requests to it, and anyone with your Share link can view your requests, so treat
        both like a password. See the <Link to={paths.privacy}>Privacy Policy</Link> for what is stored and
        for how long.
      </p>

      <h2>We may remove links and data</h2>
      <p>
        We may remove or disable short links, delete captured requests or other data, and block access to the
        service at any time and without notice, in particular when we believe these terms are broken. Older
        requests are also removed automatically. Do not use {TOOLKIT_NAME} as the only copy of anything you
        need to keep.
      </p>

      <h2>No warranty</h2>
      <p>
        The service is provided “as is” and “as available”, without any warranty, express or implied,
        including fitness for a particular purpose. It may be slow, interrupted or unavailable, and data may
        be lost. As far as the law allows, we are not liable for any damage or loss that comes from using, or
        not being able to use, {TOOLKIT_NAME}.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may change these terms from time to time. Changes apply from the moment they are published on this
        page. If you keep using {TOOLKIT_NAME} after a change, you accept the new terms.
      </p>

      <h2>Questions</h2>
      <p>
        Questions or reports of abuse are welcome on the <Link to={paths.suggestions}>Suggestions</Link> page.
      </p>
    </LegalLayout>
  );
}
