/** The Settings drawer's lifetime, cap on kept requests and CORS switch. */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MAX_REQUESTS_CAP, type InspectorSettings } from '../../../../shared/inspectors';
import { EXPIRY_DURATIONS, capOf, expiryChange, formatExpiry, type ExpiryChoice } from './expiry';
import { inspectorMessages as text } from './messages';
import type { InspectorSettingsView } from './useInspectorSettings';

export function LifetimeForm({
  view,
  settings,
}: {
  view: InspectorSettingsView;
  settings: InspectorSettings;
}) {
  const [choice, setChoice] = useState<ExpiryChoice>('');
  const [localTime, setLocalTime] = useState('');
  const [cap, setCap] = useState(settings.maxRequests === null ? '' : String(settings.maxRequests));
  const [cors, setCors] = useState(settings.cors);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const expiry = expiryChange(choice, localTime);
    if (!expiry) return view.refuse(text.dateMissing);
    const maxRequests = capOf(cap, MAX_REQUESTS_CAP);
    if (maxRequests === undefined) return view.refuse(text.capInvalid);
    void view.save({ ...expiry, maxRequests, cors }).then(() => setChoice(''));
  };

  return (
    <section aria-labelledby="inspector-lifetime-heading" className="mt-4">
      <h3 id="inspector-lifetime-heading" className="fs-6">
        {text.lifetimeSection}
      </h3>
      <p className="small text-body-secondary">{text.lifetimeIntro}</p>
      <Form onSubmit={handleSubmit} noValidate>
        <Form.Label htmlFor="inspector-expiry">{text.expiryField}</Form.Label>
        <Form.Select
          id="inspector-expiry"
          size="sm"
          value={choice}
          aria-describedby="inspector-expiry-now"
          onChange={(event) => setChoice(event.target.value as ExpiryChoice)}
        >
          <option value="">{text.expiryKeep}</option>
          <option value="never">{text.expiryNever}</option>
          {EXPIRY_DURATIONS.map((duration) => (
            <option key={duration} value={duration}>
              {text.expiryIn[duration]}
            </option>
          ))}
          <option value="at">{text.expiryAt}</option>
        </Form.Select>
        <Form.Text id="inspector-expiry-now" className="d-block">
          {settings.expiresAt ? text.expiresNow(formatExpiry(settings.expiresAt)) : text.neverExpiresNow}
        </Form.Text>
        {choice === 'at' && (
          <div className="mt-2">
            <Form.Label htmlFor="inspector-expiry-at">{text.expiryAtField}</Form.Label>
            <Form.Control
              id="inspector-expiry-at"
              type="datetime-local"
              size="sm"
              value={localTime}
              onChange={(event) => setLocalTime(event.target.value)}
            />
          </div>
        )}
        <Form.Label htmlFor="inspector-cap" className="mt-3">
          {text.capField}
        </Form.Label>
        <Form.Control
          id="inspector-cap"
          size="sm"
          inputMode="numeric"
          value={cap}
          placeholder={text.capPlaceholder}
          aria-describedby="inspector-cap-help"
          onChange={(event) => setCap(event.target.value)}
        />
        <Form.Text id="inspector-cap-help" className="d-block">
          {text.capHelp}
        </Form.Text>
        <Form.Check
          type="switch"
          id="inspector-cors"
          className="mt-3"
          label={text.corsField}
          checked={cors}
          onChange={(event) => setCors(event.target.checked)}
        />
        {view.problem && (
          <p role="alert" className="small text-danger-emphasis mt-2 mb-0">
            {view.problem}
          </p>
        )}
        <Button type="submit" size="sm" className="mt-3" disabled={view.isSaving}>
          {text.saveSettings}
        </Button>
      </Form>
    </section>
  );
}
