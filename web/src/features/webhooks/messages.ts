/** Every text the Webhook Inspector screen shows a person, in one place. */
import { PRODUCT_NAME } from '../../app/paths';

export const messages = {
  pageTitle: PRODUCT_NAME,
  listTitle: 'Requests',
  emptyTitle: `${PRODUCT_NAME} is waiting`,
  emptyText: 'Send a request to your unique URL to get started',
  noSelectionTitle: 'No request selected',
  noSelectionText: 'Select a request from the sidebar to view details',
  unknown: 'Unknown',

  urlCopied: 'Webhook URL copied to clipboard',
  shareCopied: 'Share URL copied to clipboard',
  urlCopyFailed: 'Failed to copy URL',
  curlCopied: 'cURL command copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
  deleteFailed: 'Failed to delete webhook request. Please try again.',

  notificationTitle: 'New Webhook Request',
  notificationBody: (method: string, time: string) => `${method} at ${time}`,

  // Texts below are this screen's own wording for states the product notes leave open.
  urlLabel: 'Your webhook URL',
  sharedUrlLabel: 'Shared webhook URL',
  headerLabel: 'Webhook URL and settings',
  copy: 'Copy',
  share: 'Share',
  copyFullAccess: 'Copy full-access link',
  shareTitle:
    'Copies a link to this inspector: whoever opens it sees its requests and can change its settings',
  shareTitlePrivate:
    'Copies a link to this inspector page. While it is private the link alone shows nothing: give access with an access link',
  privateShareNote:
    'Private: this URL only receives requests. The Share link alone gives no access; give another browser an access link under Access.',
  sharedNote:
    'You are viewing a shared session: requests sent to this URL show up here for everyone with the link.',
  tryIt: 'Try it:',
  copyExample: 'Copy example',
  loadOlder: 'Load older requests',
  noMatches: 'No request matches the search',
  noMatchesText: 'Requests that do not match are still kept; clear the search to see them all.',
  clearSearch: 'Clear search',
  newRequests: (count: number) =>
    count === 1 ? '↑ 1 new request' : `↑ ${count.toLocaleString('en')} new requests`,
  eventId: (id: number) => `#${id}`,
  copyId: 'Copy id',
  idCopied: 'Request id copied to clipboard',
  idTitle: 'The request’s id, as the API and `hookbay replay` name it',
  back: 'Back to the list',
  clearAll: 'Clear all',
  clearAllTitle: 'Clear all requests?',
  clearAllText: (total: number | null) =>
    `This deletes ${total === null ? 'every request' : total === 1 ? 'the 1 request' : `all ${total.toLocaleString('en')} requests`} of this inspector, also in the other tabs and browsers that have it open. It cannot be undone.`,
  cleared: 'All requests cleared',
  clearFailed: 'Could not clear the requests. Please try again.',
  deleted: 'Request deleted',
  undo: 'Undo',
  undoFailed: 'Could not bring the request back',
  loadingRequests: 'Loading requests…',
  loadFailed: 'Failed to load webhook requests',
  noRequestsYet: 'No requests yet',
  deleteRequest: 'Delete request',
  copyAsCurl: 'Copy as cURL',
  noContentType: 'None',
  requestDetails: 'Request details',
  sections: {
    body: 'Request Body',
    query: 'Query Parameters',
    headers: 'Headers',
    info: 'Request Info',
  },
  columns: ['Name', 'Value'] as const,
  info: {
    ip: 'IP Address',
    userAgent: 'User Agent',
    method: 'Method',
    path: 'Path',
    contentType: 'Content Type',
    size: 'Size',
    time: 'Time',
    id: 'Request id',
  },
  sizeInBytes: (size: number) => `${size.toLocaleString()} bytes`,
} as const;
