/**
 * "Forward" in the inspector's header: whether a forwarder is connected right now (a green dot and
 * how many), opening the `hookbay forward` commands for this session in a drawer. The commands
 * wrap rather than being cut, so the `--to` part to change stays in sight.
 */
import { DrawerButton } from '../../../components/DrawerButton';
import { apiBase } from '../../../lib/http';
import { CommandLine } from '../components/CommandLine';
import { forwardCommands } from './commands';
import { forwardMessages as text } from './messages';
import { useForwarders } from './useForwarders';

function StatusDot({ isOn }: { isOn: boolean }) {
  return (
    <span
      className={`forward-dot rounded-circle flex-shrink-0 ${isOn ? 'bg-success' : 'bg-secondary opacity-50'}`}
      data-testid="forward-dot"
      title={isOn ? text.dotConnected : text.dotNone}
      // The button's words say the same ("1 connected").
      aria-hidden="true"
    />
  );
}

/** `isPrivate`: the forwarder then needs a key, and the drawer says how to give it one. */
export function ForwardControl({ sessionId, isPrivate = false }: { sessionId: string; isPrivate?: boolean }) {
  const forwarders = useForwarders();
  const count = forwarders?.count ?? 0;
  return (
    <DrawerButton
      label={text.label}
      drawerTitle={text.drawerTitle}
      icon={<StatusDot isOn={count > 0} />}
      summary={count > 0 ? text.connected(count) : <span className="d-none d-sm-inline">{text.idle}</span>}
    >
      {() => (
        <section aria-label={text.drawerTitle}>
          <p className={count > 0 ? 'fw-semibold text-success-emphasis' : 'fw-semibold'} role="status">
            {count > 0 ? text.statusConnected(count, forwarders?.responding ?? 0) : text.statusNone}
          </p>
          <p className="small text-body-secondary">{text.intro}</p>
          {isPrivate && <p className="small">{text.privateNote('HOOKBAY_KEY')}</p>}
          <dl className="small">
            {forwardCommands(apiBase, sessionId).map(({ label, command }) => (
              <div key={label} className="mb-3">
                <dt className="fw-normal text-body-secondary mb-1">{label}</dt>
                <dd className="mb-0">
                  <CommandLine
                    command={command}
                    copyLabel={text.copyCommand}
                    copiedMessage={text.commandCopied}
                    codeClassName="forward-command"
                  />
                </dd>
              </div>
            ))}
          </dl>
          <p className="small text-body-secondary mb-0">{text.listNote}</p>
        </section>
      )}
    </DrawerButton>
  );
}
