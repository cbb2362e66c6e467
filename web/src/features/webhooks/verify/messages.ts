/** Texts of the "Verify signature" section. */
import type { Scheme } from '../../../../../shared/signatures/schemes';

const plural = (count: number, unit: string) => `${count.toLocaleString()} ${unit}${count === 1 ? '' : 's'}`;

/** "2 minutes 5 seconds", "3 hours", "4 days": the two largest units that matter. */
function duration(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [size, unit] of units) {
    const count = Math.floor(rest / size);
    if (count === 0 && !(unit === 'second' && parts.length === 0)) continue;
    parts.push(plural(count, unit));
    rest -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

const schemeLabels = {
  'github-sha256': 'GitHub (X-Hub-Signature-256)',
  'github-sha1': 'GitHub (X-Hub-Signature, SHA-1)',
  stripe: 'Stripe',
  shopify: 'Shopify',
  slack: 'Slack',
  'standard-webhooks': 'Standard Webhooks (Svix, Resend, Clerk)',
  custom: 'Custom HMAC',
} satisfies Record<Scheme, string>;

/** A scheme's name as the Scheme menu shows it; an unknown one as it is written. */
export function schemeLabel(scheme: string): string {
  return Object.hasOwn(schemeLabels, scheme) ? schemeLabels[scheme as Scheme] : scheme;
}

export const verifyMessages = {
  title: 'Verify signature',
  show: 'Show',
  hide: 'Hide',
  scheme: 'Scheme',
  schemes: schemeLabels,
  secret: 'Signing secret',
  secretHelp: 'Checked in this browser only; the secret is never sent anywhere.',
  standardSecretHelp: 'The whsec_… secret from the sender’s dashboard.',
  remember: 'Remember for this tab',
  verify: 'Verify',
  verifying: 'Verifying…',
  header: 'Signature header',
  hash: 'Hash',
  encoding: 'Encoding',
  prefix: 'Prefix (optional)',
  valid: 'Valid signature',
  invalid: 'Invalid signature',
  expected: 'Expected',
  received: 'Received',
  signed: 'Signed content',
  bodyFailed: 'Could not load the request body to verify it',
  truncated:
    'Only the first part of this body was kept (it was over the size limit), so its signature cannot be checked',

  noSecret: 'Enter the signing secret first',
  noHeaderName: 'Enter the name of the header that holds the signature',
  missingHeader: (name: string) => `This request has no ${name} header`,
  stripeMalformed: 'Stripe-Signature has no t=… and v1=… parts',
  standardSecretMalformed: 'The secret must be whsec_ followed by base64',
  signedContent: (prefix: string, bodyBytes: number) =>
    prefix
      ? `"${prefix}" followed by the raw body (${plural(bodyBytes, 'byte')})`
      : `The raw body (${plural(bodyBytes, 'byte')})`,
  age: (seconds: number) =>
    seconds < 0
      ? `Timestamp is ${duration(-seconds)} in the future`
      : `Timestamp is ${duration(seconds)} old`,
  tolerance: (isWithin: boolean) =>
    isWithin
      ? 'within the 5-minute tolerance'
      : 'outside the 5-minute tolerance: a live endpoint would refuse it as a possible replay',
} as const;
