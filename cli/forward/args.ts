/**
 * `hookbay forward`'s command line: one or more webhook URLs, each followed by its own --to (and,
 * when it needs one, its own --key), and options for them all (--match, --respond). With one
 * webhook URL the order does not matter, as it never did.
 */
import {
  apiBaseOf,
  chooseKey,
  matchOption,
  parseHttpUrl,
  parseWebhookUrl,
  sessionIdOf,
  UsageError,
  type ReadArgs,
} from '../command-line.js';

/** One inspector and where its requests go. */
export interface ForwardRoute {
  webhookUrl: URL;
  target: URL;
  key?: string;
}

export interface ForwardCommand {
  command: 'forward';
  routes: ForwardRoute[];
  respond: boolean;
  /** A search text (the inspector's search syntax): only matching requests are sent on. */
  match?: string;
}

/** The options that belong to one webhook URL, as written. */
interface Written {
  webhook?: string;
  to?: string;
  key?: string;
}

/**
 * Each --to and --key joins the webhook URL written before it; those written before any URL join
 * the only one there is (and are a mistake when there are several).
 */
function groupByWebhook(sequence: ReadArgs['sequence']): Written[] {
  const leading: Written = {};
  const groups: Written[] = [];
  for (const { name, value } of sequence) {
    if (name === null) {
      groups.push({ webhook: value });
      continue;
    }
    if (name !== 'to' && name !== 'key') continue;
    const group = groups.at(-1) ?? leading;
    if (group[name] !== undefined) {
      const whose = group.webhook ? ` for ${group.webhook}` : '';
      throw new UsageError(`--${name} is given twice${whose}: write one --${name} after each webhook URL`);
    }
    group[name] = value;
  }
  if (groups.length === 0) throw new UsageError('the webhook URL is missing');
  if (leading.to === undefined && leading.key === undefined) return groups;
  if (groups.length > 1) {
    throw new UsageError('with several webhook URLs, write each --to and --key after its webhook URL');
  }
  const [only] = groups as [Written];
  for (const name of ['to', 'key'] as const) {
    if (leading[name] !== undefined && only[name] !== undefined) {
      throw new UsageError(`--${name} is given twice: write one --${name} after each webhook URL`);
    }
  }
  return [{ webhook: only.webhook, to: only.to ?? leading.to, key: only.key ?? leading.key }];
}

/** `hookbay forward …`: the command word is the first positional argument of `read`. */
export function parseForward(read: ReadArgs): ForwardCommand {
  const commandWord = read.sequence.findIndex(({ name }) => name === null);
  const groups = groupByWebhook(read.sequence.filter((_, index) => index !== commandWord));
  const seen = new Set<string>();
  const routes = groups.map(({ webhook = '', to, key }): ForwardRoute => {
    if (to === undefined) {
      throw new UsageError(
        groups.length === 1
          ? '--to <target URL> is missing'
          : `--to <target URL> is missing after ${webhook}`,
      );
    }
    const webhookUrl = parseWebhookUrl(webhook);
    const inspector = `${apiBaseOf(webhookUrl)}/webhook/${sessionIdOf(webhookUrl)}`;
    if (seen.has(inspector)) throw new UsageError(`${inspector} is given twice: forward each inspector once`);
    seen.add(inspector);
    return { webhookUrl, target: parseHttpUrl(to, 'target URL'), key: chooseKey(key, undefined) };
  });
  const match = matchOption(read);
  const respond = read.flags.has('respond');
  if (respond && match !== undefined) {
    throw new UsageError(
      '--respond does not go with --match: the sender of a request that is not sent on would wait for an answer in vain',
    );
  }
  return { command: 'forward', routes, respond, ...(match === undefined ? {} : { match }) };
}
