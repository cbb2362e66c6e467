import Form from 'react-bootstrap/Form';
import { responseMessages } from './messages';
import { RESPONSE_PRESETS, URL_CHECK_PRESETS } from './presets';

/** Fills the rule editor from a preset; URL checks first, as they need templates to write by hand. */
export function PresetSelect({ onChoose }: { onChoose: (name: string) => void }) {
  const text = responseMessages.editor;
  return (
    <>
      <Form.Label htmlFor="rule-preset" className="small mb-1">
        {text.preset}
      </Form.Label>
      <Form.Select
        id="rule-preset"
        size="sm"
        className="mb-3"
        value=""
        onChange={(event) => onChoose(event.target.value)}
      >
        <option value="">{text.presetNone}</option>
        <optgroup label={responseMessages.urlChecks}>
          {URL_CHECK_PRESETS.map((preset) => (
            <option key={preset.name}>{preset.name}</option>
          ))}
        </optgroup>
        <optgroup label={responseMessages.presets}>
          {RESPONSE_PRESETS.map((preset) => (
            <option key={preset.name}>{preset.name}</option>
          ))}
        </optgroup>
      </Form.Select>
    </>
  );
}
