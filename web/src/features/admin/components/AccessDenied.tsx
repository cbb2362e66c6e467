/** What a browser without admin rights sees at /admin, also when the admin check itself failed. */
import { Button, Card } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { LinkButton } from '../../../pages/LinkButton';
import { messages } from '../messages';

export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto border-danger-subtle" style={{ maxWidth: '36rem' }}>
      <Card.Body className="p-4 text-center">
        <h1 className="h3 text-danger-emphasis">{messages.accessDenied}</h1>
        <h2 className="h5">{messages.adminRequired}</h2>
        <p className="text-body-secondary">{messages.deniedText}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Button variant="outline-secondary" onClick={() => void navigate(-1)}>
            {messages.goBack}
          </Button>
          {/* "Home" for this screen is the Suggestions page, by product decision. */}
          <LinkButton to={paths.suggestions}>{messages.goHome}</LinkButton>
        </div>
      </Card.Body>
    </Card>
  );
}
