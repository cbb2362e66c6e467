/** The landing page's short tour of what the Webhook Inspector does beyond showing requests. */
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { PRODUCT_NAME } from '../app/paths';
import { PageIcon, type IconName } from './PageIcons';

interface WorkflowTool {
  icon: IconName;
  title: string;
  text: ReactNode;
}

const WORKFLOW_TOOLS: readonly WorkflowTool[] = [
  {
    icon: 'reply',
    title: 'Scripted responses',
    text: (
      <>
        Answer with the status, headers and body you choose, per method and path, or build them from the
        request with <code>{'{{body.id}}'}</code>. Slack, Meta and Dropbox URL checks answer themselves.
      </>
    ),
  },
  {
    icon: 'laptop',
    title: 'Forwarding to localhost',
    text: (
      <>
        <code className="text-nowrap">npx hookbay forward</code> sends every request on to your machine, byte
        for byte; with <code className="text-nowrap">--respond</code> your app&apos;s answer goes back to the
        sender.
      </>
    ),
  },
  {
    icon: 'replay',
    title: 'Replay',
    text: 'Send any captured request again, as it came or edited, to any URL, from the page or the command line.',
  },
  {
    icon: 'search',
    title: 'Search and export',
    text: 'Find requests by text in their body, headers, path or query, by method and time, and export them as HAR or NDJSON.',
  },
  {
    icon: 'key',
    title: 'Signature checks',
    text: 'Check Stripe, GitHub, Slack, Shopify and Standard Webhooks signatures, or any HMAC, right in your browser: the secret never leaves it.',
  },
  {
    icon: 'terminal',
    title: 'Waiting for requests in CI',
    text: (
      <>
        <code className="text-nowrap">npx hookbay wait</code> exits as soon as the request you expect arrives,
        so a test or a pipeline can check that your webhooks really fire.
      </>
    ),
  },
];

export function WorkflowSection() {
  return (
    <section className="py-5 bg-body-tertiary border-top" aria-labelledby="workflow-heading">
      <Container>
        <h2 id="workflow-heading" className="text-center fw-bold mb-2">
          More than a request bin
        </h2>
        <p className="text-center text-body-secondary mb-4 mx-auto hb-section-lead">
          The {PRODUCT_NAME} does not stop at showing what arrived: it answers, forwards, replays and checks.
        </p>
        <Row xs={1} md={2} lg={3} className="g-4">
          {WORKFLOW_TOOLS.map((tool) => (
            <Col key={tool.title} className="d-flex gap-3">
              <PageIcon name={tool.icon} size={28} className="text-primary-emphasis flex-shrink-0 mt-1" />
              <div>
                <h3 className="h6 fw-semibold mb-1">{tool.title}</h3>
                <p className="text-body-secondary small mb-0">{tool.text}</p>
              </div>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
