/**
 * Default error texts of the admin calls the spec's catalogue (section 8, contract
 * `CLIENT_ERRORS.defaults`) does not name. They show only when an answer carries no text of its
 * own (docs/errors.md); the calls the spec names use its texts.
 */
export const ADMIN_ERRORS = {
  fetchUser: 'Failed to fetch user',
  updateUserRole: 'Failed to update user role',
  fetchAudit: 'Failed to fetch audit log',
  fetchPaymentEvents: 'Failed to fetch payment events',
  updateDownload: 'Failed to update download',
  publishChangelog: 'Failed to publish changelog entry',
  fetchPreview: 'Failed to load what this change will do',
  fetchOutbox: 'Failed to fetch e-mails',
  fetchDeadJobs: 'Failed to fetch failed jobs',
  retry: 'Failed to retry',
  fetchLicense: 'Failed to fetch license',
  resetDevices: 'Failed to reset devices',
  deactivateDevice: 'Failed to deactivate device',
  setLicenseSuspension: 'Failed to change the license',
} as const;
