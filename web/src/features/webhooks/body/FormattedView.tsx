import { useMemo, type ReactNode } from 'react';
import { cutText, MAX_RENDERED_CHARS, prettyJson, type BodyFormat } from './formats';
import { violationMarks, type PointerNote } from './json-marks';
import { prettyXml } from './xml';
import { BodyPre } from './BodyPre';
import { FormView } from './FormView';
import { HexView } from './HexView';
import { MultipartView } from './MultipartView';

export interface FormattedViewProps {
  format: BodyFormat;
  /** The body as text; null when its bytes are not valid UTF-8. */
  text: string | null;
  bytes: Uint8Array;
  contentType: string | null;
  /** Download control offered beside anything shown only in part. */
  download: ReactNode;
  /** Places of a JSON body a contract found at fault, marked in the view. */
  violations?: readonly PointerNote[];
}

const NO_VIOLATIONS: readonly PointerNote[] = [];

/** The readable view of a body in the given format. */
export function FormattedView({
  format,
  text,
  bytes,
  contentType,
  download,
  violations = NO_VIOLATIONS,
}: FormattedViewProps) {
  const pretty = useMemo(() => {
    if (text === null) return null;
    // Formatting stops at what can be shown, so a 10 MiB body costs no more than a 256 K one.
    if (format === 'json') return prettyJson(text, MAX_RENDERED_CHARS) ?? cutText(text, MAX_RENDERED_CHARS);
    if (format === 'xml') return prettyXml(text, MAX_RENDERED_CHARS);
    return null;
  }, [format, text]);

  const marks = useMemo(
    () =>
      pretty && format === 'json' && violations.length > 0 ? violationMarks(pretty.text, violations) : [],
    [pretty, format, violations],
  );

  if (pretty) {
    return <BodyPre text={pretty.text} complete={pretty.complete} download={download} marks={marks} />;
  }
  if (format === 'multipart')
    return <MultipartView bytes={bytes} contentType={contentType} download={download} />;
  if (text === null || format === 'binary') return <HexView bytes={bytes} download={download} />;
  if (format === 'form') return <FormView text={text} download={download} />;
  return <BodyPre text={text} download={download} />;
}
