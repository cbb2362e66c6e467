import { Alert, Button } from 'react-bootstrap';
import { useSession } from './useSession';

export const privateNoticeTexts = {
  title: 'This inspector is private',
  lostKey:
    'This browser’s key to it was revoked, so it can no longer see its requests. Ask its owner for a new access link.',
  shared:
    'A Share link alone gives no access to a private inspector. Ask its owner for an access link instead.',
  other:
    'Its webhook URL only receives requests; reading them needs a key. Ask its owner for an access link.',
  ownInspector: 'Open my own inspector',
  newInspector: 'Start a new inspector',
} as const;

/** Shown instead of a page whose session is private when this browser holds no key for it. */
export function PrivateSessionNotice() {
  const { lostKey, isShared, startOver } = useSession();
  const reason = lostKey
    ? privateNoticeTexts.lostKey
    : isShared
      ? privateNoticeTexts.shared
      : privateNoticeTexts.other;
  return (
    <Alert variant="warning" role="status" className="my-4">
      <Alert.Heading as="h2" className="h5">
        {privateNoticeTexts.title}
      </Alert.Heading>
      <p>{reason}</p>
      <Button variant="outline-dark" onClick={startOver}>
        {isShared ? privateNoticeTexts.ownInspector : privateNoticeTexts.newInspector}
      </Button>
    </Alert>
  );
}
