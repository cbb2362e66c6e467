/** The admin check as the API answers it. Pure: no Node and no DOM APIs. */

/** Answer of GET /api/admin/check-status; false whenever this browser holds no valid admin cookie. */
export interface AdminStatus {
  isAdmin: boolean;
}

export const ADMIN_CHECK_STATUS_PATH = '/api/admin/check-status';
