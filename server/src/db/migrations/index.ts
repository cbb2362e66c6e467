/** Numbered migrations, applied in name order. Append new files; never edit a released one. */
import type { Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { sessionsMigration } from './001_sessions.js';
import { webhookEventsMigration } from './002_webhook_events.js';
import { shortLinksMigration } from './003_short_links.js';
import { suggestionsAndAdminMigration } from './004_suggestions_and_admin.js';
import { visibleEventsIndexMigration } from './005_visible_events_index.js';
import { clickRollupsMigration } from './006_click_rollups.js';
import { eventOrderAndResponseMigration } from './007_event_order_and_response.js';
import { responseRulesMigration } from './008_response_rules.js';
import { eventSearchMigration } from './009_event_search.js';
import { linkOptionsMigration } from './010_link_options.js';
import { sessionIpsMigration } from './011_session_ips.js';
import { responseRuleMigration } from './012_response_rule.js';
import { sessionStorageMigration } from './013_session_storage.js';
import { rateLimitsMigration } from './014_rate_limits.js';
import { keysAndPrivacyMigration } from './015_keys_and_privacy.js';
import { forwardResultMigration } from './016_forward_result.js';
import { linkTargetingMigration } from './017_link_targeting.js';
import { linkWebhooksMigration } from './018_link_webhooks.js';
import { linkExternalIdsMigration } from './019_link_external_ids.js';
import { linkTagsMigration } from './020_link_tags.js';
import { visitorsAndCardsMigration } from './021_visitors_and_cards.js';
import { linkHistoryMigration } from './022_link_history.js';
import { eventVerdictsMigration } from './023_event_verdicts.js';
import { contractsMigration } from './024_contracts.js';
import { conformanceRunsMigration } from './025_conformance_runs.js';
import { linkWebhookDropsMigration } from './026_link_webhook_drops.js';
import { linkRoutingMigration } from './027_link_routing.js';
import { linkSplitsMigration } from './028_link_splits.js';
import { inspectorSettingsMigration } from './030_inspector_settings.js';
import { replayJobsMigration } from './031_replay_jobs.js';
import { sharesAndKeyScopesMigration } from './032_shares_and_key_scopes.js';
import { inspectorRemovalMigration } from './033_inspector_removal.js';
import { relaysMigration } from './034_relays.js';
import { callbackResultsMigration } from './035_callback_results.js';
import { orphanVisitsMigration } from './036_orphan_visits.js';
import { linkSharesAndChecksMigration } from './037_link_shares_and_checks.js';
import { redundantEventIndexMigration } from './038_redundant_event_index.js';

export const migrations: Record<string, (dialect: DialectName) => Migration> = {
  '001_sessions': sessionsMigration,
  '002_webhook_events': webhookEventsMigration,
  '003_short_links': shortLinksMigration,
  '004_suggestions_and_admin': suggestionsAndAdminMigration,
  '005_visible_events_index': visibleEventsIndexMigration,
  '006_click_rollups': clickRollupsMigration,
  '007_event_order_and_response': eventOrderAndResponseMigration,
  '008_response_rules': responseRulesMigration,
  '009_event_search': eventSearchMigration,
  '010_link_options': linkOptionsMigration,
  '011_session_ips': sessionIpsMigration,
  '012_response_rule': responseRuleMigration,
  '013_session_storage': sessionStorageMigration,
  '014_rate_limits': rateLimitsMigration,
  '015_keys_and_privacy': keysAndPrivacyMigration,
  '016_forward_result': forwardResultMigration,
  '017_link_targeting': linkTargetingMigration,
  '018_link_webhooks': linkWebhooksMigration,
  '019_link_external_ids': linkExternalIdsMigration,
  '020_link_tags': linkTagsMigration,
  '021_visitors_and_cards': visitorsAndCardsMigration,
  '022_link_history': linkHistoryMigration,
  '023_event_verdicts': eventVerdictsMigration,
  '024_contracts': contractsMigration,
  '025_conformance_runs': conformanceRunsMigration,
  '026_link_webhook_drops': linkWebhookDropsMigration,
  '027_link_routing': linkRoutingMigration,
  '028_link_splits': linkSplitsMigration,
  '030_inspector_settings': inspectorSettingsMigration,
  '031_replay_jobs': replayJobsMigration,
  '032_shares_and_key_scopes': sharesAndKeyScopesMigration,
  '033_inspector_removal': inspectorRemovalMigration,
  '034_relays': relaysMigration,
  '035_callback_results': callbackResultsMigration,
  '036_orphan_visits': orphanVisitsMigration,
  '037_link_shares_and_checks': linkSharesAndChecksMigration,
  '038_redundant_event_index': redundantEventIndexMigration,
};
