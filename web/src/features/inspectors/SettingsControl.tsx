/**
 * "Settings" in the inspector's header, saying when the inspector expires, opening a drawer with
 * its name (and named webhook URL), its lifetime, its cap on kept requests and its CORS switch.
 */
import { DrawerButton } from '../../components/DrawerButton';
import { LoadingStatus } from '../../components/LoadingStatus';
import { ShortSummary } from '../../components/ShortSummary';
import { formatExpiry, formatExpiryDay } from './expiry';
import { LifetimeForm } from './LifetimeForm';
import { inspectorMessages as text } from './messages';
import { NameForm } from './NameForm';
import { useInspectorName } from './useInspectorName';
import { useInspectorSettings } from './useInspectorSettings';

export function SettingsControl({ sessionId }: { sessionId: string }) {
  const name = useInspectorName(sessionId);
  const lifetime = useInspectorSettings(sessionId);
  const { settings } = lifetime;
  const expiresAt = settings?.expiresAt ?? null;
  const expires = expiresAt ? text.expiresSummary(formatExpiry(expiresAt)) : text.noExpiry;
  // "until Nov 29" on screen keeps the header's row; the tooltip and screen readers get the time too.
  const summary =
    settings &&
    (expiresAt ? (
      <ShortSummary mark={text.expiresMark(formatExpiryDay(expiresAt))} words={expires} />
    ) : (
      expires
    ));
  return (
    <DrawerButton
      label={text.settingsLabel}
      drawerTitle={text.settingsDrawerTitle}
      title={settings ? `${text.settingsLabel}: ${expires}` : undefined}
      summary={summary}
    >
      {() => {
        if (name.name === undefined || !settings)
          return name.loadFailed || lifetime.loadFailed ? (
            <p>{text.loadFailed}</p>
          ) : (
            <LoadingStatus text={text.loading} />
          );
        return (
          <>
            <NameForm view={name} />
            <LifetimeForm view={lifetime} settings={settings} />
          </>
        );
      }}
    </DrawerButton>
  );
}
