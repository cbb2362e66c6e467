import { describe, expect, it } from 'vitest';
import { headerValue, recogniseWebhook } from './providers.js';

describe('recogniseWebhook', () => {
  it('recognises a GitHub delivery, with the action in the event type', () => {
    const headers = {
      'X-GitHub-Event': 'issues',
      'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'X-Hub-Signature-256': 'sha256=abc',
    };
    expect(recogniseWebhook(headers, { action: 'opened', issue: {} })).toEqual({
      provider: 'github',
      eventType: 'issues.opened',
      deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    });
    expect(recogniseWebhook({ 'x-github-event': 'push' }, { ref: 'refs/heads/main' })).toEqual({
      provider: 'github',
      eventType: 'push',
      deliveryId: null,
    });
  });

  it('recognises GitLab by its event header and UUID', () => {
    const headers = { 'X-Gitlab-Event': 'Push Hook', 'X-Gitlab-Event-UUID': 'a-uuid', 'X-Gitlab-Token': 't' };
    expect(recogniseWebhook(headers, { object_kind: 'push' })).toEqual({
      provider: 'gitlab',
      eventType: 'Push Hook',
      deliveryId: 'a-uuid',
    });
  });

  it('recognises Stripe, taking the event type and id from the body', () => {
    const headers = { 'Stripe-Signature': 't=1,v1=ab' };
    expect(recogniseWebhook(headers, { id: 'evt_1', type: 'invoice.paid', object: 'event' })).toEqual({
      provider: 'stripe',
      eventType: 'invoice.paid',
      deliveryId: 'evt_1',
    });
    // A body that is not JSON still names the provider.
    expect(recogniseWebhook(headers, null)).toEqual({
      provider: 'stripe',
      eventType: null,
      deliveryId: null,
    });
  });

  it('recognises Shopify by its topic', () => {
    const headers = {
      'X-Shopify-Topic': 'orders/create',
      'X-Shopify-Hmac-Sha256': 'x',
      'X-Shopify-Webhook-Id': 'b54557e4',
    };
    expect(recogniseWebhook(headers, {})).toEqual({
      provider: 'shopify',
      eventType: 'orders/create',
      deliveryId: 'b54557e4',
    });
  });

  it('recognises Slack, preferring the inner event type', () => {
    const headers = { 'X-Slack-Signature': 'v0=ab', 'X-Slack-Request-Timestamp': '1531420618' };
    expect(recogniseWebhook(headers, { type: 'event_callback', event: { type: 'app_mention' } })).toEqual({
      provider: 'slack',
      eventType: 'app_mention',
      deliveryId: null,
    });
    expect(recogniseWebhook(headers, { type: 'url_verification', challenge: 'c' }).eventType).toBe(
      'url_verification',
    );
  });

  it('recognises Twilio by its signature header', () => {
    expect(recogniseWebhook({ 'X-Twilio-Signature': 'abc=' }, null)).toEqual({
      provider: 'twilio',
      eventType: null,
      deliveryId: null,
    });
  });

  it('recognises Standard Webhooks only with all three headers', () => {
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    expect(recogniseWebhook(headers, { type: 'email.sent' })).toEqual({
      provider: 'standard-webhooks',
      eventType: 'email.sent',
      deliveryId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    });
    expect(recogniseWebhook({ 'webhook-id': 'msg_1', 'webhook-timestamp': '1' }, {}).provider).toBeNull();
  });

  it('leaves a plain request generic', () => {
    expect(recogniseWebhook({ 'Content-Type': 'application/json' }, { type: 'x', id: 'y' })).toEqual({
      provider: null,
      eventType: null,
      deliveryId: null,
    });
  });

  it('reads fields only from JSON objects', () => {
    const headers = { 'X-GitHub-Event': 'ping' };
    expect(recogniseWebhook(headers, ['action']).eventType).toBe('ping');
    expect(recogniseWebhook(headers, { action: 7 }).eventType).toBe('ping');
    expect(recogniseWebhook(headers, 'text').eventType).toBe('ping');
  });
});

describe('headerValue', () => {
  it('finds a header in any case and takes the first of repeated values', () => {
    expect(headerValue({ 'X-Thing': ['a', 'b'] }, 'x-thing')).toBe('a');
    expect(headerValue({ 'X-Thing': '' }, 'X-Thing')).toBeNull();
    expect(headerValue({}, 'X-Thing')).toBeNull();
  });
});
